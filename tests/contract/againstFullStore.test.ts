// The contract suite against a mock whose store is full (--max-pets reached): its 507 is documented
// for createPet, so the checks that need a create report a skip saying why, and nothing fails.
import { afterAll, expect, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { seedPets } from '../../fixtures/seedPets.ts'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'

const KEY = 'full-store-key'
const mock = createHttpMock({ apiKeys: [KEY], maxPets: seedPets.length, selfCheck: true })
const baseUrl = await listen(mock, 0, '127.0.0.1')
afterAll(() => new Promise((resolve) => mock.server.close(resolve)))
// At module level, as contract-tests/contract.test.ts does: the run's length is the suite's budget, not a test's.
const report = await runContract({ baseUrl, apiKey: KEY, strict: true })

test('a full store fails no check; the creates it refuses are skips that name the 507', () => {
  const failed = report.results.filter((result) => result.outcome === 'fail')
  if (failed.length > 0) throw new Error(formatConsole(report))
  const skipped = report.results.filter(
    (result) => result.outcome === 'skip' && /507 store_full/.test(result.reason ?? ''),
  )
  // The checks built on a create: each is a skip naming the 507, none a pass it could not have earned.
  const names = new Set(skipped.map((result) => result.check))
  expect(names).toContain('create_accepted')
  expect(names).toContain('create_round_trip')
  for (const result of report.results.filter((r) => r.check === 'create_accepted'))
    expect(result.outcome).toBe('skip')
  expect(mock.store.size).toBe(seedPets.length)
})
