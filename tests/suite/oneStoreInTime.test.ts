// One store, in time and across connections: servers that keep pets per connection, cache lists per
// connection, show a pet late, or route a new connection to a lagging replica fail the default run;
// a conforming server whose answers take 50-200 ms and complete out of order passes it. See
// docs/contract-model-phase.md (Shared knowledge) and decisions/035.
import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from '@jest/globals'
import { modelBasedSequences } from '../../contract-tests/checks/modelBasedSequences.ts'
import { type ContractReport, runContract } from '../../contract-tests/running/runContract.ts'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'reference-key-one-store'

const failing = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

const faults: Array<[Fault, string]> = [
  ['pets-per-connection', 'a pet another connection created is missing'],
  ['list-cached-per-connection', 'a connection lists from a snapshot'],
  ['visible-after-delay', 'a pet shows 1.5 s after its 201'],
  ['new-connections-lag', 'a new connection reads a replica 2 s behind'],
]

describe('the default run fails a server that is not one store in time, naming the check', () => {
  test.each(faults)(
    '%s (%s)',
    async (fault) => {
      const report = await runAgainstServer(createReferenceServer({ pets: 130, fault, apiKey: API_KEY }), {
        apiKey: API_KEY,
        timeoutMs: 3_000,
        seed: 20261128,
        reproductions: 1,
      })
      expect(report.failed).toBe(true)
      expect(failing(report)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^model_based_sequences (listPets|getPet)$/)]),
      )
      const found = report.results.find((r) => r.check === 'model_based_sequences' && r.outcome === 'fail')
      // The finding says which connection carried the read that failed.
      expect(found?.findings[0]?.message).toMatch(/on a (fresh|reused \(keep-alive\)) connection/)
    },
    60_000,
  )
})

test('the model phase sends reads both on fresh connections and on reused keep-alive ones', async () => {
  const server = createReferenceServer({ pets: 130, apiKey: API_KEY })
  const served = new WeakMap<object, number>()
  const reads = { fresh: 0, reused: 0 }
  server.on('request', (req: IncomingMessage) => {
    const before = served.get(req.socket) ?? 0
    served.set(req.socket, before + 1)
    if (req.method !== 'GET') return
    if (before === 0 && req.headers.connection === 'close') reads.fresh++
    if (before > 0) reads.reused++
  })
  const report = await runAgainstServer(server, {
    apiKey: API_KEY,
    checks: [modelBasedSequences],
    budget: '30seq',
    seed: 7,
  })
  expect(failing(report)).toEqual([])
  expect(reads.fresh).toBeGreaterThan(10)
  expect(reads.reused).toBeGreaterThan(10)
}, 60_000)

test('a conforming server answering in 50-200 ms, out of order, with 8 streams at once: no finding', async () => {
  // The project's mock, a delay drawn per answer (`--latency 50-200`): a write answered after a
  // read that started later must not bind that read, and nothing else may make a false finding.
  const mock = createHttpMock({ selfCheck: true, latencyMs: { min: 50, max: 200 } })
  const baseUrl = await listen(mock, 0, '127.0.0.1')
  try {
    const report = await runContract({
      baseUrl,
      apiKey: 'petstore-dev-key',
      checks: [modelBasedSequences],
      budget: '40seq',
      concurrency: 8,
      seed: 35,
    })
    expect(report.results.filter((r) => r.outcome === 'fail').flatMap((r) => r.findings)).toEqual([])
    expect(report.generated?.sequences).toBe(40)
    expect(report.generated?.concurrency).toBe(8)
  } finally {
    mock.server.closeAllConnections()
    await new Promise((resolve) => mock.server.close(resolve))
  }
}, 60_000)
