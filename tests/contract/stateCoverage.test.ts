// State coverage against the project's mock: a default run visits the states on both sides of the
// document's rules that a seeded store allows, and reports every other one with why; a run that may
// create nothing against an empty store visits the empty side and reports the full side unreached.
import { afterAll, expect, jest, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { toHtmlReport } from '../../contract-tests/report/toHtmlReport.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import { toMarkdownSummary } from '../../contract-tests/report/toMarkdownSummary.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { KEY, startMock } from '../support/startMock.ts'

// Whole runs against the mock take seconds on a busy machine: a guard, not a threshold.
jest.setTimeout(90_000)

const { limit, statuses } = interfaceModelOf(defaultSpec())
const mocks: Array<Awaited<ReturnType<typeof startMock>>> = []
afterAll(async () => {
  for (const it of mocks) {
    it.mock.server.closeAllConnections()
    await new Promise((resolve) => it.mock.server.close(resolve))
  }
})

async function runAgainstMock(mockOptions: Parameters<typeof startMock>[0], runOptions = {}) {
  const it = await startMock(mockOptions)
  mocks.push(it)
  const report = await runContract({ baseUrl: `${it.origin}/v1`, apiKey: KEY, seed: 7, ...runOptions })
  const coverage = report.stateCoverage
  if (!coverage) throw new Error('the report has no state coverage')
  const seen = new Set(coverage.states.filter((state) => state.seen > 0).map((state) => state.id))
  const why = new Map(coverage.states.map((state) => [state.id, state.reason]))
  return { report, coverage, seen, why }
}

test('a default run visits each state a seeded store allows and says why it missed the others', async () => {
  const { report, coverage, seen, why } = await runAgainstMock({})
  expect(report.failed).toBe(false)
  expect([...seen]).toEqual(
    expect.arrayContaining([
      'first-answers/listPets',
      'first-answers/getPet',
      'page/default/full',
      'page/default/beyond',
      'page/given/full',
      'page/given/beyond',
      // Reached by steering (TowardState): a limit one more than the pets known to match a filter.
      'page/given/short',
      ...statuses.map((status) => `filter/${status}/some`),
      'id/unassigned',
      'id/assigned-later',
      `store/${limit.maximum}/below`,
      `store/${limit.maximum}/above`,
      `store/${limit.default}/above`,
    ]),
  )
  // The mock starts with its seed: the empty side is out of reach, and said so, never faked.
  expect(seen.has(`store/${limit.default}/below`)).toBe(false)
  expect(why.get(`store/${limit.default}/below`)).toMatch(/pets in the store before it wrote anything/)
  expect(why.get(`store/${limit.maximum}/at`)).toMatch(/cannot be told from a larger one/)
  for (const state of coverage.states) expect(state.seen > 0 || Boolean(state.reason)).toBe(true)
  expect(coverage.visited).toBe(seen.size)

  // Without --verbose one line: the states a store this full cannot reach are counted, not listed.
  const unreachable = coverage.states.filter((state) => state.unreachable)
  expect(unreachable.map((state) => state.id)).toContain(`store/${limit.default}/below`)
  const brief = formatConsole(report).split('\n')
  const line = brief.filter((text) => text.startsWith('State coverage: '))
  expect(line).toEqual([
    expect.stringContaining(
      `${coverage.visited} of ${coverage.total} states from the document's rules visited; ${unreachable.length} cannot be reached against this populated store`,
    ),
  ])
  expect(brief.some((text) => text.includes(`store/${limit.default}/below`))).toBe(false)
  const console = formatConsole(report, { verbose: true })
  expect(console).toContain(`State coverage: ${coverage.visited} of ${coverage.total} states`)
  expect(console).toContain(`never seen: store/${limit.default}/below`)
  const summary = toJsonSummary(report) as { stateCoverage: { visited: number; states: unknown[] } }
  expect(summary.stateCoverage.visited).toBe(coverage.visited)
  expect(summary.stateCoverage.states).toHaveLength(coverage.total)
  expect(toMarkdownSummary(report)).toContain('### Coverage of the states')
  expect(toHtmlReport(report)).toContain('id="state-coverage"')
})

test('an empty store and no creates: the empty side is visited, the full side reported unreached', async () => {
  const { report, seen, why } = await runAgainstMock({ seed: [] }, { maxCreates: 0, budget: { runs: 40 } })
  expect(report.footprint?.created ?? 0).toBe(0)
  expect([...seen]).toEqual(
    expect.arrayContaining([
      'page/default/none',
      'page/given/none',
      ...statuses.map((status) => `filter/${status}/none`),
      `store/${limit.default}/below`,
      `store/${limit.maximum}/below`,
      'id/unassigned',
    ]),
  )
  for (const missed of [
    `store/${limit.default}/above`,
    `store/${limit.maximum}/above`,
    'page/default/full',
    'id/assigned-later',
  ]) {
    expect(seen.has(missed)).toBe(false)
    expect(why.get(missed)).toEqual(expect.any(String))
  }
  expect(why.get('id/assigned-later')).toBe('the run created no pet')
  expect(formatConsole(report, { verbose: true })).toContain(`never seen: store/${limit.maximum}/above`)
  // Reachable, so named on the one line, not counted as beyond reach.
  expect(formatConsole(report)).toMatch(
    new RegExp(`^State coverage: .*never seen: .*store/${limit.maximum}/above`, 'm'),
  )
})
