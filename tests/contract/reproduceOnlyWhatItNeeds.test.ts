// A Reproduce line holds only what its finding needs. A check that judges every exchange may see its
// fault first on another check's credential probe: node:http keeps the first of two Authorization
// lines, so `ambiguous_credentials_rejected`'s probe (the key, then a wrong one) is answered 200,
// and with snowflake ids that answer is `safe_integer_ids`' first example. Its Reproduce line used
// to send the probe's second Authorization header; the finding is now sent again with the run's key
// alone and, since the failure comes back without it, reported with that request.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { ambiguousCredentialsRejected } from '../../contract-tests/checks/authVariantsRejected.ts'
import { safeIntegerIds } from '../../contract-tests/checks/safeIntegerIds.ts'
import { type ContractReport, runContract } from '../../contract-tests/running/runContract.ts'
import { type RunningStack, startStack } from '../stacks/startStack.ts'

const KEY = 'minimal-repro-key'
let stack: RunningStack
let report: ContractReport
beforeAll(async () => {
  stack = await startStack('node:http', KEY, undefined, 'snowflake')
  report = await runContract({
    baseUrl: stack.baseUrl,
    apiKey: KEY,
    checks: [ambiguousCredentialsRejected, safeIntegerIds],
    // Long enough that a loaded machine does not time out the run-again that drops the second header.
    timeoutMs: 10_000,
    budget: '2runs',
  })
}, 60_000)
afterAll(() => stack?.stop())

const curlsOf = (check: string) =>
  report.results.filter((r) => r.check === check).flatMap((r) => r.findings.map((f) => f.curl))

test("another check's second Authorization header stays out of a finding that does not need it", () => {
  const unsafe = curlsOf('safe_integer_ids')
  expect(unsafe.length).toBeGreaterThanOrEqual(3)
  // One Authorization line, in whichever case the request's form wrote field names.
  for (const curl of unsafe) expect(curl.match(/authorization:/gi)).toHaveLength(1)
  // The finding whose point is the second header keeps it.
  const duplicate = curlsOf('ambiguous_credentials_rejected')
  expect(duplicate).toHaveLength(3)
  // As curl options, or as nc's printf words when the form puts a tab or more after the colon.
  for (const curl of duplicate) {
    expect(curl.match(/authorization:/gi)).toHaveLength(2)
    expect(curl).toMatch(
      /authorization:\W*Bearer \W*\$\{?PETSTORE_API_KEY\b[\s\S]*authorization:\W*Bearer contract-suite-not-the-key/i,
    )
  }
})
