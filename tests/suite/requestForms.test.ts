// Every request as a class of forms (contract-tests/http/requestForm.ts): a server that mishandles
// one form HTTP allows fails the default run at the required level, whatever the seed, and the
// finding names both forms with a line that sends the failing one; a conforming server passes.
import { describe, expect, test } from '@jest/globals'
import type { ContractReport } from '../../contract-tests/running/runContract.ts'
import { createReferenceServer, type Fault, type ReferenceOptions } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'reference-key'
// Three seeds: each default run costs ~7 s, and the blind measurement (docs/sessions.md) runs five.
const SEEDS = [1, 2, 3]

// The default run; the timeout only long enough for a loaded machine (a stalled connection costs it).
const run = (fault: Fault | undefined, seed: number, timeoutMs = 3_000, variation: ReferenceOptions = {}) =>
  runAgainstServer(
    createReferenceServer({ pets: 130, apiKey: API_KEY, ...variation, ...(fault && { fault }) }),
    {
      apiKey: API_KEY,
      seed,
      timeoutMs,
    },
  )

const failing = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

/** Each fault of a form, and the required check (and operation) that must name it on every seed. */
const FORM_FAULTS: Array<[Fault, string]> = [
  ['chunked-body-crashes', 'forms_equivalent createPet'],
  ['body-first-segment-only', 'forms_equivalent createPet'],
  ['query-not-percent-decoded', 'forms_equivalent listPets'],
  ['json-must-be-accepted', 'forms_equivalent listPets'],
  ['json-read-by-pattern', 'forms_equivalent createPet'],
  ['head-with-body', 'forms_equivalent getPet'],
  ['head-stalls-connection', 'forms_equivalent getPet'],
  // A HEAD is its GET without content: answered 2xx without the key, the operation is open.
  ['head-open', 'auth_variants_rejected listPets'],
  // The client keeps cookies as a browser does: a cookie must never stand in for the key.
  ['cookie-session', 'missing_key_rejected listPets'],
]

describe.each(FORM_FAULTS)('%s fails the default run, naming %s, on every seed', (fault, expected) => {
  test.each(SEEDS)(
    'seed %d',
    async (seed) => {
      const report = await run(fault, seed, fault === 'head-stalls-connection' ? 1_000 : 3_000)
      expect(report.abort).toBeUndefined()
      expect(failing(report)).toContain(expected)
    },
    120_000,
  )
})

test.each(SEEDS)(
  'the reference implementation, HEAD included, passes the default run with seed %d',
  async (seed) => {
    const report = await run(undefined, seed)
    expect(failing(report)).toEqual([])
    // Each failure with its first finding: a false positive here must say what it saw.
    const failed = report.results.filter((r) => r.outcome === 'fail')
    expect(failed.map((r) => `${r.check}: ${r.findings[0]?.message} (${r.findings[0]?.curl})`)).toEqual([])
  },
)

test('a pet that carries its creation time, a field Pet does not declare, reads the same in every form', async () => {
  const report = await run(undefined, 1, 3_000, { createdAt: true })
  expect(failing(report)).toEqual([])
})

test('a finding names both forms, and its Reproduce line sends the failing one', async () => {
  const segments = await run('body-first-segment-only', 1)
  const [split] =
    segments.results.find((r) => r.check === 'forms_equivalent' && r.outcome === 'fail')?.findings ?? []
  expect(split?.message).toMatch(/^Received: 400 .* for POST \/pets written as: the body in 3 TCP segments\n/)
  expect(split?.message).toMatch(/Documented: 201 .*as written in the default form/)
  // curl cannot cut a body in segments: the raw bytes go to nc, a pause between segments, the key unwritten.
  expect(split?.curl).toMatch(/^# curl cannot .*\n\{ printf .*; sleep 1; printf .*\| nc 127\.0\.0\.1 \d+$/s)
  expect(split?.curl).toContain(`'"$PETSTORE_API_KEY"'`)
  expect(split?.curl).not.toContain(API_KEY)

  const chunked = await run('chunked-body-crashes', 1)
  const found = chunked.results.find((r) => r.check === 'forms_equivalent' && r.outcome === 'fail')?.findings
  expect(found?.map((f) => f.curl)).toContainEqual(
    expect.stringMatching(/^curl .* -H 'Transfer-Encoding: chunked'/),
  )
})
