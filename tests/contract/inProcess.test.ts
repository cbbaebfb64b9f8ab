// The contract suite against the mock in-process: MSW's setupServer answers the suite's fetch calls,
// so the handlers a frontend's tests use are held to the same contract as the HTTP server.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'

const BASE_URL = 'http://petstore.in-process/v1'
const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: ['in-process-key'], selfCheck: true })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => mock.server.close())

test('the MSW handlers pass every check, required and recommended', async () => {
  const report = await runContract({ baseUrl: BASE_URL, apiKey: 'in-process-key', strict: true })
  expect(
    report.results.filter((r) => r.outcome !== 'pass').map((r) => `${r.check} ${r.operation} ${r.outcome}`),
  ).toEqual([])
  if (report.failed) throw new Error(formatConsole(report))
  expect(report.results.length).toBeGreaterThan(40)
})
