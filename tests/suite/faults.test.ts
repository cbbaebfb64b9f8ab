// The suite, tested: against deliberately broken implementations (one fault each) it must fail with
// the right check named; against correct ones that choose differently where the interface document
// is silent it must pass at the required level.
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from '@jest/globals'
import { CHECKS } from '../../contract-tests/checks/index.ts'
import {
  type ContractReport,
  type RunOptions,
  runContract,
} from '../../contract-tests/running/runContract.ts'
import { createReferenceServer, type Fault, type ReferenceOptions } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'reference-key'

async function runAgainst(options: ReferenceOptions, run: Partial<RunOptions> = {}): Promise<ContractReport> {
  // Enough pets to judge every list rule, so most runs create only what their checks need.
  return runAgainstServer(createReferenceServer({ pets: 130, ...options, apiKey: API_KEY }), {
    apiKey: API_KEY,
    // Long enough that a machine under heavy load does not turn a slow answer into a failure;
    // the one fault that hangs then costs a few seconds.
    timeoutMs: 3_000,
    // The model phase gets a small budget here (its own proof is tests/contract/modelPhase.test.ts).
    budget: '2runs',
    ...run,
  })
}

const failing = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

/** Each required failure with its first finding and curl line: a false positive must say what it saw. */
const failingWithWhy = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}: ${r.findings[0]?.message} (${r.findings[0]?.curl})`)

/** Every check but the model phase (whose own proof is tests/contract/modelPhase.test.ts). */
const fixedChecks = CHECKS.filter((check) => check.name !== 'model_based_sequences')

const faults: Array<[Fault, string]> = [
  ['default-limit-25', 'default_limit listPets'],
  ['ignores-status-filter', 'status_filter listPets'],
  ['ignores-limit', 'limit_bounds listPets'],
  ['open-listPets', 'missing_key_rejected listPets'],
  ['open-createPet', 'missing_key_rejected createPet'],
  ['open-getPet', 'missing_key_rejected getPet'],
  ['accepts-wrong-key', 'wrong_key_rejected listPets'],
  ['error-status-mismatch', 'error_status_matches getPet'],
  ['deprecation-everywhere', 'deprecation_marks_true listPets'],
  ['sunset-wrong-day', 'deprecation_marks_true getPet'],
  ['error-without-code', 'error_body_conformance createPet'],
  ['accepts-missing-categoryId', 'bad_bodies_rejected createPet'],
  ['accepts-missing-name', 'bad_bodies_rejected createPet'],
  ['accepts-bad-status', 'bad_bodies_rejected createPet'],
  ['status-case-insensitive', 'bad_bodies_rejected createPet'],
  ['coerces-types', 'bad_bodies_rejected createPet'],
  ['accepts-array-body', 'bad_bodies_rejected createPet'],
  ['null-status-as-omitted', 'bad_bodies_rejected createPet'],
  ['stores-rejected-body', 'rejected_bodies_not_stored createPet'],
  ['client-chooses-id', 'client_id_not_used createPet'],
  ['race-duplicate-ids', 'unique_ids createPet'],
  ['unique-names-409', 'unique_ids createPet'],
  ['loses-pet-after-20', 'created_pets_kept createPet'],
  ['omitted-status-differs', 'created_pets_kept listPets'],
  ['rounds-categoryId', 'gap_values_exact createPet'],
  ['int64-as-string', 'gap_values_exact createPet'],
  ['trims-name', 'gap_values_exact createPet'],
  ['crashes-on-long-name', 'no_server_errors createPet'],
  ['id-as-string', 'response_schema_conformance getPet'],
  ['validates-before-auth', 'auth_variants_rejected createPet'],
  ['repeats-pets-in-page', 'status_filter listPets'],
  ['off-by-one-limit', 'limit_bounds listPets'],
  ['no-state', 'create_round_trip getPet'],
  ['duplicate-ids', 'unique_ids createPet'],
  ['crashes-on-bad-limit', 'no_server_errors listPets'],
  ['getPet-200-for-unknown', 'unknown_pet_not_found getPet'],
  ['text-plain-responses', 'content_type_conformance listPets'],
  ['create-answers-200', 'status_code_conformance createPet'],
  ['drops-submitted-name', 'create_round_trip createPet'],
  ['omits-submitted-status', 'create_round_trip createPet'],
  ['list-not-array', 'response_schema_conformance listPets'],
  ['hangs-on-unknown-status', 'no_server_errors listPets'],
  ['caps-limit-at-50', 'limit_bounds listPets'],
  ['cuts-page-before-filter', 'status_filter listPets'],
  ['filter-only-with-limit', 'status_filter listPets'],
  ['ignores-limit-with-status', 'status_filter listPets'],
  ['accepts-empty-bearer', 'auth_variants_rejected listPets'],
  ['ignores-scheme', 'auth_variants_rejected createPet'],
  ['accepts-bare-key', 'auth_variants_rejected getPet'],
  ['accepts-key-prefix', 'auth_variants_rejected listPets'],
  ['accepts-truncated-key', 'auth_variants_rejected createPet'],
  ['key-case-insensitive', 'auth_variants_rejected getPet'],
  ['strips-inner-whitespace', 'auth_variants_rejected listPets'],
  ['accepts-x-api-key', 'auth_variants_rejected getPet'],
]

describe('the suite fails a broken implementation, naming the check', () => {
  // The fixed checks only: each fault names the fixed check that must catch it. The model phase
  // would also find many of these and then shrink its sequence, which took over 90 s for one fault on
  // a loaded machine; its own proof against these faults is tests/contract/modelPhase.test.ts.
  // The variations below do run it, so it must not fail a conforming server either.
  const fixed = CHECKS.filter((check) => check.name !== 'model_based_sequences')
  test.each(faults)(
    '%s → %s',
    async (fault, expected) => {
      const report = await runAgainst({ fault }, { checks: fixed })
      expect(report.abort).toBeUndefined()
      expect(failing(report)).toContain(expected)
      expect(report.failed).toBe(true)
    },
    90_000,
  )
})

const variations: Array<[string, ReferenceOptions]> = [
  ['the reference implementation as it is', {}],
  ['no status stored when omitted', { defaultStatus: 'none' }],
  ['pending when status is omitted', { defaultStatus: 'pending' }],
  ['ids from 1000', { ids: 'from-1000' }],
  ['random large ids', { ids: 'random' }],
  ['newest first', { order: 'newest-first' }],
  ['a new random order on every list call', { order: 'random' }],
  ['ids from 2^52 upwards with random steps', { ids: 'near-2^52' }],
  ['names longer than 32 characters refused', { maxNameLength: 32 }],
  ['names limited to printable ASCII', { asciiNames: true }],
  ['categoryIds beyond 2^53 refused', { unsafeIntegers: 'reject-400' }],
  ['a client-sent id ignored', { clientId: 'ignore' }],
  ['no optional header at all', { minimalHeaders: true }],
  ['clamping an out-of-range limit', { badLimit: 'clamp' }],
  ['422 for an out-of-range limit', { badLimit: 'reject-422' }],
  // Where §7 leaves an unknown status open, and RFC 9110 the reading of two Authorization headers:
  // once counted as faults, these are free choices (the recommended checks still report them).
  ['an unknown status ignored: every pet listed', { fault: 'unknown-status-returns-all' }],
  ['a limit that is not valid read as no limit at all', { fault: 'unbounded-on-bad-limit' }],
  ['the status filter matching by prefix', { fault: 'status-filter-prefix' }],
  ['the first of two Authorization headers read', { fault: 'first-auth-header-wins' }],
  ['any valid one of two Authorization headers let in', { fault: 'any-auth-header-wins' }],
  ['an empty store', { empty: true }],
]

describe('the suite passes a correct implementation that chooses differently where the document is silent', () => {
  test.each(variations)('%s', async (_name, variation) => {
    const report = await runAgainst(variation)
    expect(failingWithWhy(report)).toEqual([])
    expect(report.failed).toBe(false)
  })

  test('recommended checks still report those choices, and fail the run only with strict', async () => {
    const lenient = await runAgainst({ badLimit: 'clamp' })
    const recommended = lenient.results
      .filter((r) => r.outcome === 'fail' && r.level === 'recommended')
      .map((r) => r.check)
    expect(recommended).toContain('parameter_violations_rejected')
    expect(failingWithWhy(lenient)).toEqual([])
    expect(lenient.failed).toBe(false)
    expect((await runAgainst({ badLimit: 'clamp' }, { strict: true })).failed).toBe(true)
  })

  test('a server reading the first of two Authorization headers fails only the recommended check', async () => {
    const report = await runAgainst({ fault: 'first-auth-header-wins' }, { checks: fixedChecks })
    const failed = report.results.filter((r) => r.outcome === 'fail')
    expect(failed.map((r) => `${r.level} ${r.check}`)).toContain('recommended ambiguous_credentials_rejected')
    expect(failed.filter((r) => r.level === 'required')).toEqual([])
  })

  test('the reference implementation passes with strict too', async () => {
    const report = await runAgainst({}, { strict: true })
    // Each with its first finding: a false positive here must say what it saw.
    const failed = report.results.filter((r) => r.outcome !== 'pass')
    expect(failed.map((r) => `${r.check}: ${r.findings[0]?.script ?? r.findings[0]?.message}`)).toEqual([])
  })
})

test('a failure says what was received and documented, with a curl line that hides the key', async () => {
  const report = await runAgainst({ fault: 'accepts-missing-categoryId' })
  const [found] = report.results.find((r) => r.check === 'bad_bodies_rejected')?.findings ?? []
  expect(found?.message).toMatch(/^Received: 201 .*\nDocumented: 400 /s)
  // curl with the options of the form the request was drawn in, or its bytes into nc where curl cannot
  // (the field's name and value then two printf words when the form puts a tab or more after the colon).
  expect(found?.curl).toMatch(
    /^curl .*-X POST .*\/v1\/pets'.* -H "authorization: Bearer \$PETSTORE_API_KEY"|printf .*'authorization:(?:[ \t]*|' ')Bearer '"\$PETSTORE_API_KEY"/i,
  )
  expect(found?.curl).not.toContain(API_KEY)
})

test('a finding of a rule over one exchange is sent again before it is reported: reproduced 3/3', async () => {
  const report = await runAgainst({ fault: 'error-without-code' }, { checks: fixedChecks })
  const result = report.results.find((r) => r.check === 'error_body_conformance' && r.outcome === 'fail')
  expect(result?.findings.length).toBeGreaterThan(0)
  for (const found of result?.findings ?? []) expect(found.reproduced).toEqual({ times: 3, of: 3 })
  // A check that judges a whole scenario is not replayed: no label rather than a made-up one.
  const scenario = report.results.find((r) => r.check === 'bad_bodies_rejected')
  expect(scenario?.findings.every((found) => found.reproduced === undefined)).toBe(true)
})

describe('the suite creates enough data to judge limits, and none in read-only mode', () => {
  test('a wrong default limit is caught even when the store starts empty', async () => {
    const report = await runAgainst({ empty: true, fault: 'default-limit-25' })
    expect(failing(report)).toContain('default_limit listPets')
  })

  test('write mode names every created pet after the run, gap values included; read-only mode sends no POST', async () => {
    const posted: string[] = []
    const recording: typeof fetch = (input, init) => {
      if (init?.method === 'POST') posted.push(String(init.body))
      return fetch(input, init)
    }
    const written = await runAgainst({}, { fetch: recording, budget: '20seq' })
    expect(posted.length).toBeGreaterThan(0)
    // Every string name starts with the run's tag: the fixed checks' short names, gap_values_exact's
    // gaps and the model phase's. Only the negatives whose name is not a string carry none.
    const names = posted.flatMap((body) => {
      const name = (parse(body) as { name?: unknown } | undefined)?.name
      return typeof name === 'string' ? [name] : []
    })
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter((name) => name.length > 16).length).toBeGreaterThan(0)
    expect(names.filter((name) => !name.startsWith(`ct${written.runId.slice(-7)}`))).toEqual([])

    posted.length = 0
    const readOnly = await runAgainst({ pets: 30 }, { fetch: recording, mode: 'read-only' })
    expect(posted).toEqual([])
    expect(readOnly.failed).toBe(false)
    expect(readOnly.results.find((r) => r.check === 'create_round_trip')?.reason).toMatch(/read-only/)
    // 30 pets, 10 of each status: too few to judge limit=100 or a filtered page of 20, and said so.
    for (const check of ['limit_bounds', 'status_filter']) {
      const result = readOnly.results.find((r) => r.check === check)
      expect([result?.outcome, result?.reason]).toEqual([
        'skip',
        expect.stringMatching(/^.*not judged: .*read-only run/),
      ])
    }
  })
})

describe('the run stops early, saying why, when it cannot judge anything', () => {
  test('an unreachable target', async () => {
    const server = createReferenceServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    await new Promise((resolve) => server.close(resolve))
    const report = await runContract({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'k',
      timeoutMs: 1_000,
    })
    expect(report.failed).toBe(true)
    expect(report.abort).toMatch(/unreachable.*ECONNREFUSED/)
    expect(report.results).toEqual([])
  })

  test('a key the target rejects everywhere', async () => {
    const report = await runAgainst({}, { apiKey: 'not-the-key' })
    expect(report.failed).toBe(true)
    expect(report.abort).toMatch(/rejected the API key everywhere/)
    // It asks for the key where no command line shows it: the variable or a file, never --api-key.
    expect(report.abort).toMatch(/PETSTORE_API_KEY, or pass --api-key-file FILE/)
    expect(report.abort).not.toMatch(/with --api-key\b/)
  })
})

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
