// A passing default run's console, as a CI log shows it: the verdict, the checks by level, what the
// run did, its footprint, coverage and states, one line each, within 25 lines and one seed; --verbose
// prints every check and operation, the coverage table and each state never seen, as before.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { startOwnMock } from '../support/startOwnMock.ts'

const CLI = new URL('../../contract-tests/cli.ts', import.meta.url).pathname
const KEY = 'ci-log-key'
let mock: Awaited<ReturnType<typeof startOwnMock>>
beforeAll(async () => {
  mock = await startOwnMock(KEY)
})
afterAll(() => mock?.stop())

/** The CLI's stdout for a run that must pass, as lines (the last newline dropped). */
async function passingRun(...args: string[]): Promise<string[]> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PETSTORE_|npm_|GITHUB_STEP_SUMMARY$|CI$)/.test(k)),
  )
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, '-u', mock.baseUrl, ...args], {
    env: { ...clean, PETSTORE_API_KEY: KEY },
    timeout: 90_000,
  })
  return stdout.replace(/\n$/, '').split('\n')
}

test('a passing default run prints at most 25 lines, each part on one line, one seed', async () => {
  const lines = await passingRun()
  expect(lines.length).toBeLessThanOrEqual(25)
  expect(lines.at(-1)).toBe('Result: conforms')
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^checks +passed +failed +warnings +skipped +waived$/),
      expect.stringMatching(/^required +\d+ +0 +0 +0 +0$/),
      expect.stringMatching(/^recommended +\d+ +0 +0 +0 +0$/),
      expect.stringMatching(/^\d+ passed, 0 failed, 0 warnings, 0 skipped \(\d+ requests in \d+ ms\)$/),
      expect.stringMatching(/^Footprint: \d+ pets created/),
      expect.stringMatching(/^Coverage of the document: operations 3\/3, /),
    ]),
  )
  // The states a store of 45 pets cannot show are counted, not listed.
  const states = lines.filter((line) => line.startsWith('State coverage: '))
  expect(states).toEqual([expect.stringMatching(/; \d+ cannot be reached against this populated store/)])
  expect(lines.some((line) => line.includes('never seen: store/20/below'))).toBe(false)
  // One seed, printed once: in the command that replays the run.
  const seeds = lines.join('\n').match(/seed[ =]+-?\d+/gi) ?? []
  expect(seeds).toHaveLength(1)
  expect(lines.filter((line) => line.startsWith('Model phase: '))).toEqual([
    expect.stringMatching(/; replay: .* --seed[ =]-?\d+ --concurrency 8 --budget 200seq,20s$/),
  ])
}, 120_000)

test('--verbose prints every check and operation, the coverage table and each state never seen', async () => {
  const lines = await passingRun('--verbose', '--budget', '20seq')
  expect(
    lines.filter((line) => /^ {2}PASS {2}\w+ \[(required|recommended)\] \w+$/.test(line)).length,
  ).toBeGreaterThan(80)
  expect(lines).toContain('Coverage of the document (what this run exercised):')
  expect(lines.some((line) => line.startsWith('  never seen: store/20/below ('))).toBe(true)
  expect(lines.at(-1)).toBe('Result: conforms')
}, 120_000)
