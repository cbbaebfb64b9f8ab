// A HAR saved from a browser holds what the app sent: credential-like query values and body fields
// (`client_secret`, `password`, `apiKey`, ...) and fields NewPet does not declare. A replay judges
// such a recording without failing the project's own mock on the undeclared fields, and what it
// prints, writes and names (console, JUnit, JSON) hides those values by kit/secrets' rule, as the
// mock's and the proxy's logs do.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Recording } from '../../contract-tests/checks/replayedInteractions.ts'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import { toJunitXml } from '../../contract-tests/report/toJunitXml.ts'
import type { ContractReport } from '../../contract-tests/running/runContract.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { readHar } from '../../har/readHar.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'
import { KEY, type StartedMock, startMock } from '../support/startMock.ts'

/** Long values, searched for wherever a target may echo them. */
const SECRETS = ['AK-live-7f3e9a', 'CS-9f8e7d6c5b', 'hunter2-long', 'SESS-abcdef12', 'tok-nested-55']
/** Values too short to search for in text: hidden by their names where the request is shown. */
const SHORT = ['password=pw', '"pin_code":"42"']

const entry = (method: string, url: string, status: number, body?: unknown) => ({
  request: {
    method,
    url: `http://app.example/v1${url}`,
    ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: JSON.stringify(body) } }),
  },
  response: { status, content: { size: 0, mimeType: 'application/json' } },
})

const har = JSON.stringify({
  log: {
    version: '1.2',
    entries: [
      entry('GET', '/pets?status=pending&limit=5&apiKey=AK-live-7f3e9a&password=pw', 200),
      entry('POST', '/pets', 201, {
        name: 'Rex',
        categoryId: 3,
        status: 'sold',
        client_secret: 'CS-9f8e7d6c5b',
        password: 'hunter2-long',
        pin_code: '42',
        auth: { nested: ['tok-nested-55'] },
        nickname: 'Rexy',
      }),
      entry('GET', '/pets/1?session=SESS-abcdef12', 200),
    ],
  },
})
const recording: Recording = { exchanges: readHar(har), basePath: '/v1' }

/** Everything a run prints and writes about itself. */
const outputs = (report: ContractReport) =>
  [formatConsole(report), toJunitXml(report), JSON.stringify(toJsonSummary(report))].join('\n')

let mock: StartedMock
beforeAll(async () => {
  mock = await startMock()
})
afterAll(async () => {
  await mock.close()
})

describe('replaying a recording that holds credentials and undeclared fields', () => {
  test("passes against the project's own mock: a field NewPet does not declare is the server's to drop", async () => {
    const report = await runContract({ baseUrl: `${mock.origin}/v1`, apiKey: KEY, replay: recording })
    const replayed = report.results.filter((r) => r.check === 'replayed_interactions')
    expect(replayed.map((r) => `${r.operation} ${r.outcome}`)).toEqual([
      'listPets pass',
      'createPet pass',
      'getPet pass',
    ])
    for (const secret of SECRETS) expect(outputs(report)).not.toContain(secret)
  }, 30_000)

  test.each([
    ['drops-submitted-name', 'createPet'],
    ['ignores-status-filter', 'listPets'],
  ] as const)(
    'failing against the fault %s, no report shows a credential-like value',
    async (fault, operation) => {
      const report = await runAgainstServer(
        createReferenceServer({ pets: 30, fault: fault as Fault, apiKey: 'replay-key' }),
        { apiKey: 'replay-key', replay: recording },
      )
      const failing = report.results.find(
        (r) => r.check === 'replayed_interactions' && r.operation === operation && r.outcome === 'fail',
      )
      // The finding is there, with its request: the values are hidden, not the evidence.
      expect(failing?.findings[0]?.curl).toMatch(/curl/)
      const shown = outputs(report)
      expect(shown).toMatch(/\*\*\*/)
      for (const secret of SECRETS) expect(shown).not.toContain(secret)
      for (const short of SHORT) expect(shown).not.toContain(short)
      if (operation === 'listPets')
        expect(failing?.findings[0]?.message).toMatch(/apiKey=\*\*\*&password=\*\*\*/)
    },
    30_000,
  )
})
