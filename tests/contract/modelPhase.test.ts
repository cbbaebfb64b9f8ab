// The model phase, proven against the reference server: each fault class fails it at the required
// level with a shrunk, runnable curl script and the seed; each legitimate variation passes; the same
// seed replays the same search.
import { describe, expect, test } from '@jest/globals'
import { modelBasedSequences } from '../../contract-tests/checks/modelBasedSequences.ts'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import type { ContractReport, RunOptions } from '../../contract-tests/running/runContract.ts'
import { createReferenceServer, type Fault, type ReferenceOptions } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'reference-key-model'
// Generous for a busy 2-core machine: these runs stop at the first failure, then shrink.
const TEST_TIMEOUT_MS = 120_000

async function modelRun(options: ReferenceOptions, run: Partial<RunOptions> = {}): Promise<ContractReport> {
  return runAgainstServer(createReferenceServer({ ...options, apiKey: API_KEY }), {
    apiKey: API_KEY,
    timeoutMs: 2_000,
    checks: [modelBasedSequences],
    budget: '300runs',
    ...run,
  })
}

const modelFindings = (report: ContractReport) =>
  report.results.filter((r) => r.check === 'model_based_sequences' && r.outcome === 'fail')

// [fault, the operation whose answer departs from the model first, in the shrunk sequence]
const faults: Array<[Fault, RegExp]> = [
  ['caps-limit-at-50', /listPets/],
  ['cuts-page-before-filter', /listPets/],
  ['filter-only-with-limit', /listPets/],
  ['race-duplicate-ids', /createPet|listPets/],
  ['loses-pet-after-20', /listPets|getPet/],
  ['omitted-status-differs', /listPets|getPet/],
  ['rounds-categoryId', /createPet/],
  ['int64-as-string', /createPet/],
  ['trims-name', /createPet/],
  ['normalises-name', /createPet/],
  ['crashes-on-long-name', /createPet/],
  ['unique-names-409', /createPet/],
  ['no-state', /listPets|getPet/],
]

describe('the model phase fails a broken implementation with a shrunk curl script and the seed', () => {
  test.each(faults)(
    '%s',
    async (fault, operation) => {
      const report = await modelRun({ fault }, { seed: 20261123 })
      const [result] = modelFindings(report)
      expect(result?.level).toBe('required')
      expect(result?.operation).toMatch(operation)
      expect(report.failed).toBe(true)
      const script = result?.findings[0]?.script ?? ''
      expect(script).toMatch(/^#!\/bin\/sh\n/)
      // The stream that failed, replayable alone: its seed, one stream, the same budget.
      expect(script).toMatch(/--seed[ =]-?\d+( --concurrency 1)? --budget 300seq\n/)
      expect(script).toMatch(/^# 1\. /m)
      expect(script).toMatch(/^# {4}FAILED: expected /m)
      expect(script).toContain('-H "Authorization: Bearer $PETSTORE_API_KEY"')
      expect(script).not.toContain(API_KEY)
      expect(report.generated?.seed).toBe(20261123)
      // Run again before it is reported: a fault that never changes comes back every time.
      const reproduced = result?.findings[0]?.reproduced
      expect(reproduced?.of).toBeGreaterThan(0)
      // A race, and a page short of pets whose status the list hides, show only while the store is as
      // it was: replays that add pets can fill the page (each is still a failure, labelled flaky).
      if (fault !== 'race-duplicate-ids' && fault !== 'omitted-status-differs')
        expect(reproduced?.times).toBe(reproduced?.of)
    },
    TEST_TIMEOUT_MS,
  )
})

test(
  'a failure that does not come back when run again is still a failure, labelled flaky',
  async () => {
    // One stream: which read meets the cap first is then the seed's, not the scheduler's.
    const report = await modelRun(
      { fault: 'caps-limit-at-50-once' },
      { seed: 20261123, reproductions: 3, concurrency: 1 },
    )
    const [result] = modelFindings(report)
    expect(result?.level).toBe('required')
    expect(report.failed).toBe(true)
    const reproduced = result?.findings[0]?.reproduced
    expect(reproduced).toEqual({ times: 0, of: 3 })
    const console = formatConsole(report, { verbose: true })
    expect(console).toMatch(/FAIL {2}model_based_sequences \[required\] \w+ {2}\(flaky: reproduced 0\/3\)/)
    expect(console).toContain('Run again: flaky: reproduced 0/3')
    const { failures } = toJsonSummary(report) as { failures: Array<{ examples: unknown[] }> }
    expect(failures[0]?.examples[0]).toMatchObject({ reproduced: { times: 0, of: 3 }, flaky: true })
  },
  TEST_TIMEOUT_MS,
)

const variations: Array<[string, ReferenceOptions]> = [
  ['the reference implementation as it is (categoryIds beyond 2^53 kept exactly)', {}],
  ['random order on every call', { order: 'random' }],
  ['newest first', { order: 'newest-first' }],
  ['ids near 2^52 with random steps', { ids: 'near-2^52' }],
  ['random ids', { ids: 'random' }],
  ['names limited to ASCII (400 otherwise)', { asciiNames: true }],
  ['names limited to 32 characters (400 otherwise)', { maxNameLength: 32 }],
  ['categoryIds beyond 2^53 refused with 400', { unsafeIntegers: 'reject-400' }],
  ['no status stored when it is omitted', { defaultStatus: 'none' }],
  ['pending when it is omitted', { defaultStatus: 'pending' }],
  ['every optional header absent', { minimalHeaders: true }],
  ['an empty store', { empty: true }],
]

describe('the model phase passes a correct implementation that chooses differently where the document is silent', () => {
  test.each(variations)(
    '%s',
    async (_name, variation) => {
      const report = await modelRun(variation, { budget: '60runs' })
      const messages = modelFindings(report).flatMap((r) => r.findings.map((f) => f.script ?? f.message))
      expect(messages).toEqual([])
      expect(report.generated?.sequences).toBe(60)
    },
    TEST_TIMEOUT_MS,
  )
})

/** The shrunk script's steps and curl lines, without what differs from run to run (port, run names). */
const normalise = (report: ContractReport) =>
  (modelFindings(report)[0]?.findings[0]?.script ?? '')
    .replace(/127\.0\.0\.1:\d+/g, 'HOST')
    .replace(new RegExp(`ct${report.runId.replace(/[^a-z0-9]/gi, '').slice(-7)}\\w*`, 'g'), 'RUN-NAME')
    .split('\n')
    .filter((line) => line.startsWith('curl') || /^# \d+\./.test(line))

test(
  '--seed replays the same search: the same sequences, the same shrunk failure',
  async () => {
    // The same target behaviour twice (a fresh server each time): the same failing sequence comes back,
    // each read on the same kind of connection (its step title says which). A seed whose search
    // finds the fault before the create budget is spent (each read draws its connection too).
    const first = await modelRun({ fault: 'trims-name' }, { seed: 4243, concurrency: 1 })
    const second = await modelRun({ fault: 'trims-name' }, { seed: 4243, concurrency: 1 })
    expect(normalise(first).length).toBeGreaterThan(0)
    expect(normalise(second)).toEqual(normalise(first))
    expect(second.generated?.sequences).toBe(first.generated?.sequences)
    const other = await modelRun({ fault: 'trims-name' }, { seed: 4244, concurrency: 1 })
    expect(other.generated?.seed).toBe(4244)
  },
  TEST_TIMEOUT_MS,
)

test(
  'a failure found by one of several concurrent streams replays alone with the seed its script prints',
  async () => {
    const concurrent = await modelRun({ fault: 'trims-name' }, { seed: 4242, concurrency: 6 })
    expect(concurrent.generated?.concurrency).toBe(6)
    const script = modelFindings(concurrent)[0]?.findings[0]?.script ?? ''
    const printed = /--seed[ =](-?\d+) --concurrency 1 --budget (\S+)/.exec(script)
    expect(printed).not.toBeNull()
    const replayed = await modelRun(
      { fault: 'trims-name' },
      { seed: Number(printed?.[1]), concurrency: 1, budget: printed?.[2] },
    )
    // The stream draws the same sequences; the store differs (the other streams wrote to it, and a
    // getPet of a "known" pet reads the shared pool), so which shrink candidates still fail differs,
    // and the shrink may stop at another spelling of the same value. The failing request is the same:
    // a create whose name has white space after the run's tag, which the server trims. The name is
    // read as JSON: white space past ASCII is written as an escape (\u2029) in the curl line.
    const failingCreate = (report: ContractReport) =>
      normalise(report).flatMap((line) => {
        const literal = /"name":("(?:[^"\\]|\\.)*")/.exec(line)?.[1]
        const name: unknown = literal === undefined ? undefined : JSON.parse(literal)
        if (typeof name !== 'string' || !/^RUN-NAME\s/.test(name)) return []
        return [line.replace(literal as string, '"RUN-NAME<white space>…"')]
      })
    expect(failingCreate(concurrent)).toContainEqual(expect.stringContaining('RUN-NAME<white space>'))
    expect(failingCreate(replayed)).toContainEqual(expect.stringContaining('RUN-NAME<white space>'))
    expect(normalise(replayed)[0]).toEqual(normalise(concurrent)[0])
  },
  TEST_TIMEOUT_MS,
)

test(
  'in read-only mode the model phase only reads, and still judges lists and gets',
  async () => {
    const methods: string[] = []
    const recording: typeof fetch = (input, init) => {
      methods.push(init?.method ?? 'GET')
      return fetch(input, init)
    }
    const report = await modelRun(
      { fault: 'cuts-page-before-filter' },
      { mode: 'read-only', fetch: recording },
    )
    expect(methods.filter((method) => method !== 'GET')).toEqual([])
    expect(modelFindings(report)[0]?.operation).toBe('listPets')
    const createPet = report.results.find(
      (r) => r.check === 'model_based_sequences' && r.operation === 'createPet',
    )
    expect(createPet?.outcome).toBe('skip')
  },
  TEST_TIMEOUT_MS,
)

test('on a stateless target (prism mock) the model phase is skipped, saying why', async () => {
  const report = await modelRun({}, { targetKind: 'prism-mock' })
  const skipped = report.results.filter((r) => r.check === 'model_based_sequences')
  expect(skipped.map((r) => r.outcome)).toEqual(['skip', 'skip', 'skip'])
  expect(skipped[0]?.reason).toMatch(/stateless/)
})

test(
  'streams run side by side: the estimate counts the longest stream, not the sum, and each stream gets its share',
  async () => {
    const serial = await modelRun({}, { budget: '48seq', concurrency: 1, seed: 7 })
    const parallel = await modelRun({}, { budget: '48seq', concurrency: 8, seed: 7 })
    expect([serial.generated?.sequences, parallel.generated?.sequences]).toEqual([48, 48])
    expect(parallel.generated?.concurrency).toBe(8)
    // Round trips, not time: 48 sequences one after another against 6 per stream.
    expect(parallel.sequentialRequests ?? 0).toBeLessThan((serial.sequentialRequests ?? 0) / 2)
    expect(modelFindings(parallel)).toEqual([])
  },
  TEST_TIMEOUT_MS,
)
