// The suite's levels, held to real stacks: an idiomatic implementation of the interface document on
// stock node:http, Express, Fastify and Python's http.server, each making its framework's own
// choices where the document is silent, must pass the default run; each stack's realistic faults
// must fail it, naming the check. The implementations live in tests/stacks/, outside the product.
import { afterAll, describe, expect, test } from '@jest/globals'
import { CHECKS } from '../../contract-tests/checks/index.ts'
import {
  type ContractReport,
  type RunOptions,
  runContract,
} from '../../contract-tests/running/runContract.ts'
import { type StackIds, type StackName, startStack } from './startStack.ts'

const API_KEY = 'stack-key-Q7'

const running = new Set<() => Promise<void>>()
afterAll(async () => {
  for (const stop of running) await stop()
})

async function runAgainst(
  name: StackName,
  fault: string | undefined,
  run: Partial<RunOptions> = {},
  ids: StackIds = 'sequence',
) {
  const stack = await startStack(name, API_KEY, fault, ids)
  running.add(stack.stop)
  try {
    return await runContract({ baseUrl: stack.baseUrl, apiKey: API_KEY, ...run })
  } finally {
    running.delete(stack.stop)
    await stack.stop()
  }
}

const failing = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

/** The same, each with its first finding: a conforming stack that fails must say what the run saw. */
const failingWithWhy = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}: ${r.findings[0]?.message} (${r.findings[0]?.curl})`)

const STACKS: readonly StackName[] = ['node:http', 'express', 'fastify', 'python http.server']

/**
 * What each stack chooses where the document is silent, as the recommended check that reports it;
 * every one of them was a required failure before the levels were held to the document. All four
 * read the first of two Authorization headers (RFC 9110 lets them).
 */
const FREE_CHOICES: Record<StackName, string[]> = {
  // clamps limit; its router matches GET only, so HEAD is a 404
  'node:http': ['ambiguous_credentials_rejected', 'parameter_violations_rejected', 'forms_refused'],
  express: ['ambiguous_credentials_rejected', 'gap_status_conformance'], // 422 for a name over 255
  fastify: ['ambiguous_credentials_rejected'],
  // status=SOLD lists sold pets; http.server reads no chunked body and answers HEAD 501
  'python http.server': ['ambiguous_credentials_rejected', 'parameter_violations_handled', 'forms_refused'],
}

describe('the default run passes a conforming implementation on each stack', () => {
  test.each(STACKS)(
    '%s',
    async (name) => {
      // The default run, as `petstore-contract --base-url … --api-key …` makes it.
      const report = await runAgainst(name, undefined)
      expect(report.abort).toBeUndefined()
      expect(failingWithWhy(report)).toEqual([])
      expect(report.failed).toBe(false)
      // The run judged the stack, not nothing: the checks that send passed or failed, none skipped wholesale.
      expect(report.results.filter((r) => r.outcome === 'pass').length).toBeGreaterThan(40)
      // The stack's free choices are seen, and reported at the recommended level only.
      const recommended = report.results.filter((r) => r.outcome === 'fail' && r.level === 'recommended')
      for (const check of FREE_CHOICES[name]) expect(recommended.map((r) => r.check)).toContain(check)
    },
    180_000,
  )
})

/**
 * The document says only that an id is an int64 the service assigns (§2): conforming servers that
 * hand out 64-bit snowflakes (about 9.1e17, increasing, with gaps, consecutive within a
 * millisecond), negative ids, or ids at both ends of int64 must pass the default run as well, and
 * the ids the run created (the footprint's range, read exactly) show the scheme was in use.
 */
const ID_SCHEMES: Array<[StackName, StackIds, (minId: bigint, maxId: bigint) => boolean]> = [
  ['node:http', 'snowflake', (min) => min > 2n ** 53n],
  ['fastify', 'snowflake', (min) => min > 2n ** 53n],
  ['python http.server', 'negative', (_min, max) => max < 0n],
  ['express', 'int64-ends', (min, max) => min < -(2n ** 62n) && max > 2n ** 62n],
]

describe('the default run passes a conforming implementation whatever int64 ids it assigns', () => {
  test.each(ID_SCHEMES)(
    '%s with %s ids',
    async (name, ids, inScheme) => {
      const report = await runAgainst(name, undefined, {}, ids)
      expect(report.abort).toBeUndefined()
      expect(failingWithWhy(report)).toEqual([])
      expect(report.failed).toBe(false)
      expect(report.results.filter((r) => r.outcome === 'pass').length).toBeGreaterThan(40)
      const { minId = '', maxId = '' } = report.footprint ?? {}
      expect([minId, maxId]).toEqual([expect.stringMatching(/^-?\d+$/), expect.stringMatching(/^-?\d+$/)])
      expect(inScheme(BigInt(minId), BigInt(maxId))).toBe(true)
    },
    180_000,
  )
})

/** Each stack's faults, as its teams really ship them, and the check (and operation) that must name each. */
const FAULTS: Array<[StackName, string, string]> = [
  ['node:http', 'stale-list-cache', 'create_round_trip listPets'],
  ['node:http', 'key-case-insensitive', 'auth_variants_rejected listPets'],
  ['node:http', 'status-null-when-omitted', 'response_schema_conformance createPet'],
  ['node:http', 'name-column-50', 'gap_values_exact createPet'],
  ['node:http', 'newest-404-until-list', 'create_round_trip getPet'],
  ['node:http', 'name-drops-nul', 'gap_values_exact createPet'],
  ['node:http', 'integer-not-safe', 'gap_values_exact createPet'],
  ['express', 'default-error-handler', 'error_body_conformance createPet'],
  ['express', 'number-coercion', 'bad_bodies_rejected createPet'],
  ['express', 'name-column-255', 'gap_values_exact createPet'],
  ['express', 'key-prefix', 'auth_variants_rejected getPet'],
  ['express', 'page-lookahead-off-by-one', 'default_limit listPets'],
  ['express', 'utf8mb3-column', 'gap_values_exact createPet'],
  ['express', 'status-default-in-db', 'created_pets_kept createPet'],
  ['express', 'empty-list-204', 'status_filter listPets'],
  ['fastify', 'default-ajv-coercion', 'bad_bodies_rejected createPet'],
  ['fastify', 'default-error-body', 'error_body_conformance createPet'],
  ['fastify', 'auth-in-preHandler', 'auth_variants_rejected listPets'],
  ['fastify', 'lookahead-drops-last', 'create_round_trip listPets'],
  ['fastify', 'name-controls-stripped', 'gap_values_exact createPet'],
  ['fastify', 'response-schema-drops-status', 'create_round_trip createPet'],
  ['python http.server', 'bool-is-int', 'bad_bodies_rejected createPet'],
  ['python http.server', 'name-column-50', 'gap_values_exact createPet'],
  ['python http.server', 'error-detail-body', 'error_body_conformance createPet'],
  ['python http.server', 'key-prefix', 'auth_variants_rejected listPets'],
  ['python http.server', 'bounded-store', 'unique_ids createPet'],
  ['python http.server', 'category-float64', 'gap_values_exact createPet'],
  ['python http.server', 'category-int32', 'gap_values_exact createPet'],
  ['python http.server', 'name-printable-only', 'gap_values_exact createPet'],
  ['python http.server', 'one-pet-unwrapped', 'response_schema_conformance listPets'],
  ['python http.server', 'empty-filter-404', 'status_filter listPets'],
]

describe('the run fails each realistic fault, naming the check', () => {
  // The fixed checks: the model phase would find many of these too, then spend its time shrinking.
  const fixed = CHECKS.filter((check) => check.name !== 'model_based_sequences')
  test.each(FAULTS)(
    '%s with %s → %s',
    async (name, fault, expected) => {
      const report = await runAgainst(name, fault, { checks: fixed })
      expect(report.abort).toBeUndefined()
      expect(failing(report)).toContain(expected)
      expect(report.failed).toBe(true)
    },
    120_000,
  )
})
