// Near misses (contract-tests/json/nearMisses.ts) are derived from each valid value by edits and
// drawn from the run's seed. A fault they exist to catch must be caught whatever the seed: each fault
// below fails the check named on every one of five seeds, and a conforming server passes on each.
import { describe, expect, test } from '@jest/globals'
import {
  ambiguousCredentialsRejected,
  authVariantsRejected,
  wrongKeyRejected,
} from '../../contract-tests/checks/authVariantsRejected.ts'
import { badBodiesRejected } from '../../contract-tests/checks/badBodies.ts'
import type { Check } from '../../contract-tests/checks/Check.ts'
import { extremeIdsNotFound } from '../../contract-tests/checks/extremeIdsNotFound.ts'
import { gapValuesExact } from '../../contract-tests/checks/gapValuesExact.ts'
import { INVARIANT_CHECKS } from '../../contract-tests/checks/invariantChecks.ts'
import type { ContractReport } from '../../contract-tests/running/runContract.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'reference-key'
const SEEDS = [1, 2, 3, 4, 5]
const AUTH = [wrongKeyRejected, authVariantsRejected]

/** Each fault, the checks that judge it (the near misses start with wrong_key_rejected), and what must fail. */
const FAULTS: Array<[Fault, Check[], string]> = [
  ['accepts-key-prefix', AUTH, 'auth_variants_rejected listPets'],
  ['loose-routes-open', AUTH, 'auth_variants_rejected listPets'],
  ['accepts-truncated-key', AUTH, 'auth_variants_rejected getPet'],
  ['key-case-insensitive', AUTH, 'auth_variants_rejected createPet'],
  ['drops-trailing-punctuation', AUTH, 'auth_variants_rejected getPet'],
  ['validates-before-auth', AUTH, 'auth_variants_rejected createPet'],
  ['parses-json-before-auth', AUTH, 'auth_variants_rejected createPet'],
  ['id-as-index', [extremeIdsNotFound, ...INVARIANT_CHECKS], 'extreme_ids_not_found getPet'],
  ['drops-falsy-fields', [gapValuesExact], 'gap_values_exact createPet'],
  ['trims-status', [badBodiesRejected], 'bad_bodies_rejected createPet'],
]

const run = (fault: Fault | undefined, checks: Check[], seed: number): Promise<ContractReport> =>
  runAgainstServer(createReferenceServer({ pets: 130, apiKey: API_KEY, ...(fault && { fault }) }), {
    apiKey: API_KEY,
    checks,
    seed,
    timeoutMs: 10_000,
  })

/** What failed at a level, each with a finding of what was received (not a check that could not finish). */
const failing = (report: ContractReport, level = 'required') =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === level)
    .filter((r) => r.findings.some((found) => found.message.startsWith('Received:')))
    .map((r) => `${r.check} ${r.operation}`)

describe('a fault the near misses exist for fails on every seed', () => {
  test.each(FAULTS.map(([fault, checks, expected]) => [fault, expected, checks] as const))(
    '%s → %s',
    async (fault, expected, checks) => {
      for (const seed of SEEDS)
        expect([seed, failing(await run(fault, checks, seed))]).toEqual([
          seed,
          expect.arrayContaining([expected]),
        ])
    },
    120_000,
  )

  test('a token trimmed as JavaScript trims it fails the recommended check on every seed, and no required one', async () => {
    // Over the wire it reads past only the white space RFC 9110 section 2.2 lets a recipient recover from.
    for (const seed of SEEDS) {
      const report = await run('trims-token', [...AUTH, ambiguousCredentialsRejected], seed)
      expect([seed, failing(report), failing(report, 'recommended')]).toEqual([
        seed,
        [],
        expect.arrayContaining(['ambiguous_credentials_rejected listPets']),
      ])
    }
  }, 120_000)

  test('the reference implementation passes every one of them on every seed', async () => {
    const checks = [...new Set(FAULTS.flatMap(([, checks]) => checks)), ambiguousCredentialsRejected]
    for (const seed of SEEDS) {
      const report = await run(undefined, checks, seed)
      expect([seed, failing(report), failing(report, 'recommended')]).toEqual([seed, [], []])
    }
  }, 120_000)
})
