// A failing run's console, as users met it against a server with a real bug: the failures come
// first under their count, then the warnings under theirs; "Documented:" only where the interface
// document decides, "Recommended:" and why where it is silent.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { tally } from '../../contract-tests/report/tally.ts'
import { failingRun } from '../support/failingRun.ts'

let run: Awaited<ReturnType<typeof failingRun>>
let lines: string[]
beforeAll(async () => {
  run = await failingRun()
  lines = formatConsole(run.report, { apiKeyFrom: 'env' }).split('\n')
}, 60_000)
afterAll(() => run?.close())

/** The lines from a heading to the next heading or the totals. */
function section(start: number): string[] {
  const end = lines.findIndex(
    (line, i) => i > start && (line.startsWith('=== ') || /^\d+ passed, /.test(line)),
  )
  return lines.slice(start + 1, end)
}

test('failures first, then warnings, each under its count; each group holds its own level', () => {
  const counts = tally(run.report)
  expect(counts.failed).toBeGreaterThan(0)
  expect(counts.warnings).toBeGreaterThan(0)
  const failures = lines.indexOf(`=== ${counts.failed} failures (required rules) ===`)
  const warnings = lines.findIndex((line) => line.startsWith(`=== ${counts.warnings} warning`))
  expect(failures).toBeGreaterThan(-1)
  expect(warnings).toBeGreaterThan(failures)
  const blocks = (part: string[]) => part.filter((line) => /^[a-z_]+ \[/.test(line))
  expect(blocks(section(failures)).length).toBe(counts.failed)
  expect(blocks(section(failures)).every((line) => line.includes('[required]'))).toBe(true)
  expect(blocks(section(warnings)).length).toBe(counts.warnings)
  expect(blocks(section(warnings)).every((line) => line.includes('[recommended]'))).toBe(true)
})

test('"Documented:" only for the required rules; a warning says "Recommended:" and why', () => {
  const failures = lines.findIndex((line) => line.startsWith('=== ') && line.includes('failure'))
  const warnings = lines.findIndex((line) => line.startsWith('=== ') && line.includes('warning'))
  const warned = section(warnings)
  expect(warned.some((line) => line.includes('Documented:'))).toBe(false)
  const recommended = warned.filter((line) => line.trimStart().startsWith('Recommended: '))
  expect(recommended.length).toBeGreaterThan(0)
  expect(warned.filter((line) => line.trimStart().startsWith('Why recommended: ')).length).toBe(
    recommended.length,
  )
  expect(section(failures).some((line) => line.trimStart().startsWith('Documented: '))).toBe(true)
  expect(section(failures).some((line) => line.includes('Recommended:'))).toBe(false)
})
