// A stock server's first failing run, as a new user meets it: a plain node:http Pet Store that reads
// bodies with JSON.parse and refuses a negative id with 400 fails several checks from two causes.
// The console opens with those two causes, one line each, the checks that saw each listed beneath;
// with a getPet off by one, it opens with that plain statement, not with a diff of names.
import { describe, expect, test } from '@jest/globals'
import { causesOf } from '../../contract-tests/report/causesOf.ts'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import { toJunitXml } from '../../contract-tests/report/toJunitXml.ts'
import { toMarkdownSummary } from '../../contract-tests/report/toMarkdownSummary.ts'
import { createNodeHttpStore, type NodeHttpFault } from '../stacks/nodeHttp/createNodeHttpStore.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const KEY = 'stock-key-7'

async function runAgainst(faults: NodeHttpFault[]) {
  // The default run, with a smaller model-phase budget: the fixed checks find both faults alone.
  const report = await runAgainstServer(createNodeHttpStore({ apiKey: KEY, fault: faults }), {
    apiKey: KEY,
    budget: '40seq',
    seed: 35,
  })
  return { report, lines: formatConsole(report, { apiKeyFrom: 'env' }).split('\n') }
}

describe('a failing run opens with its causes', () => {
  test('JSON.parse and a 400 for a negative id: two causes, each one line, several checks beneath', async () => {
    const { report, lines } = await runAgainst(['integer-not-safe', 'negative-id-400'])
    const failed = report.results.filter((r) => r.outcome === 'fail' && r.level === 'required')
    expect(failed.length).toBeGreaterThanOrEqual(4)
    expect(lines[1]).toBe('2 causes of the failures (the details follow):')
    expect(lines[2]).toMatch(
      /^1\. createPet kept categoryId -?\d+ as -?\d+: an integer beyond 2\^53 read as a double$/,
    )
    expect(lines[3]).toMatch(/^ {3}fix: §2: categoryId is an int64: read JSON numbers exactly/)
    expect(lines[4]).toMatch(/^ {3}seen by: .*gap_values_exact createPet.*, .*bad_bodies_rejected createPet/)
    expect(lines[5]).toMatch(/^2\. getPet answered 400, not 404, to GET \/pets\/-\d+$/)
    expect(lines[6]).toMatch(/^ {3}fix: documented: 404 with an Error body/)
    // The model phase may meet the same getPet too.
    expect(lines[7]).toMatch(/^ {3}seen by: extreme_ids_not_found getPet(, model_based_sequences getPet)?$/)
    // Every failing check is under one of the two, and the details follow as before.
    const seen = causesOf(report).flatMap((cause) => cause.seenBy)
    expect(failed.map((r) => `${r.check} ${r.operation}`).filter((name) => !seen.includes(name))).toEqual([])
    expect(lines).toContain(`=== ${failed.length} failures (required rules) ===`)
    // The same grouping in the files.
    const { causes } = toJsonSummary(report) as { causes: Array<{ says: string; seenBy: string[] }> }
    expect(causes.map((cause) => cause.says)).toEqual(causesOf(report).map((cause) => cause.says))
    expect(toJunitXml(report).match(/<property name="cause" /g)).toHaveLength(2)
    expect(toMarkdownSummary(report)).toContain('### 2 causes of the failures')
  }, 120_000)

  test('a getPet off by one: the run opens with getPet answering another pet than the one asked', async () => {
    const { lines } = await runAgainst(['get-off-by-one'])
    const [, answered = '', asked = ''] =
      /^1\. getPet answered pet (\d+) for id (\d+)$/.exec(lines[2] ?? '') ?? []
    expect(BigInt(answered)).toBe(BigInt(asked) + 1n)
    expect(lines[3]).toMatch(/^ {3}fix: §4\.3/)
    expect(lines[4]).toMatch(/^ {3}seen by: .*fetched_pet_is_asked getPet/)
  }, 120_000)
})
