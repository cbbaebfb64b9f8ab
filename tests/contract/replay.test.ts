// `petstore-contract --replay FILE.har`: what a frontend really did against the mock (its journal
// exported as HAR) replayed against another target, judged by the document and the model, never by
// the recorded values. Passes against a conforming target, fails against a faulty one naming the
// check, writes nothing in read-only mode and tags every pet it writes. A call recorded without a
// key is replayed without one, so its 401 shows again.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Recording } from '../../contract-tests/checks/replayedInteractions.ts'
import { readHar } from '../../har/readHar.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'
import { KEY, startMock } from '../support/startMock.ts'

let recording: Recording
let harText: string
let recorder: Awaited<ReturnType<typeof startMock>>

beforeAll(async () => {
  // What an app does: lists, filters, adds two pets, opens one, opens a pet that is not there.
  recorder = await startMock()
  const base = `${recorder.origin}/v1`
  const headers = {
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/json',
    'x-mock-session': 'app',
  }
  await fetch(`${base}/pets`, { headers })
  await fetch(`${base}/pets?status=pending&limit=3`, { headers })
  for (const name of ['Rex', 'Tom'])
    await fetch(`${base}/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, categoryId: 3, status: 'sold' }),
    })
  await fetch(`${base}/pets?status=sold`, { headers })
  await fetch(`${base}/pets/46`, { headers })
  await fetch(`${base}/pets/999999`, { headers })
  const har = await (await recorder.control('GET', 'requests.har', 'app')).text()
  harText = har
  recording = { exchanges: readHar(har), basePath: '/v1' }
  expect(recording.exchanges).toHaveLength(7)
})
afterAll(async () => {
  await recorder.close()
})

/** What an app does before it has a key: each operation called with no Authorization header. */
async function keylessRecording(): Promise<Recording> {
  const base = `${recorder.origin}/v1`
  const headers = { 'content-type': 'application/json', 'x-mock-session': 'no-key' }
  await recorder.get('no-key', '/pets?limit=1')
  await fetch(`${base}/pets`, { headers })
  await fetch(`${base}/pets`, { method: 'POST', headers, body: '{"name":"Rex","categoryId":1}' })
  await fetch(`${base}/pets/1`, { headers })
  const exchanges = readHar(await (await recorder.control('GET', 'requests.har', 'no-key')).text())
  expect(exchanges.map((exchange) => `${exchange.status} ${exchange.keyless ?? false}`)).toEqual([
    '200 false',
    '401 true',
    '401 true',
    '401 true',
  ])
  return { exchanges, basePath: '/v1' }
}

const run = promisify(execFile)

const replayAgainst = (options: { fault?: Fault }, run: { readOnly?: boolean } = {}) =>
  runAgainstServer(createReferenceServer({ pets: 30, ...options, apiKey: 'replay-key' }), {
    apiKey: 'replay-key',
    replay: recording,
    ...(run.readOnly ? { mode: 'read-only' as const } : {}),
  })

const verdicts = (report: Awaited<ReturnType<typeof replayAgainst>>) =>
  report.results.filter((r) => r.check === 'replayed_interactions').map((r) => `${r.operation} ${r.outcome}`)

describe('replaying recorded traffic', () => {
  test('passes against a conforming implementation, with every pet it wrote carrying the run tag', async () => {
    const report = await replayAgainst({})
    expect(verdicts(report)).toEqual(['listPets pass', 'createPet pass', 'getPet pass'])
    expect(report.failed).toBe(false)
    expect(report.footprint?.created).toBe(2)
    // Only the replay and the checks of every exchange ran: no seeding, no model phase.
    expect(report.requests).toBeLessThan(20)
  })

  test.each([
    ['ignores-status-filter', 'listPets'],
    ['no-state', 'getPet'],
    ['drops-submitted-name', 'createPet'],
  ] as const)(
    'fails against a server with the fault %s, naming replayed_interactions on %s',
    async (fault, operation) => {
      const report = await replayAgainst({ fault })
      expect(report.failed).toBe(true)
      expect(verdicts(report)).toContain(`${operation} fail`)
      const failing = report.results.find((r) => r.check === 'replayed_interactions' && r.outcome === 'fail')
      expect(failing?.findings[0]?.message).toMatch(/step \d+ \(/)
    },
  )

  test('a call recorded without a key is replayed without one: its 401 shows, and an open operation fails', async () => {
    const keyless = await keylessRecording()
    const against = (fault?: Fault) =>
      runAgainstServer(createReferenceServer({ pets: 30, apiKey: 'replay-key', ...(fault && { fault }) }), {
        apiKey: 'replay-key',
        replay: keyless,
      })
    const conforming = await against()
    expect(verdicts(conforming)).toEqual(['listPets pass', 'createPet pass', 'getPet pass'])
    expect(conforming.footprint?.created).toBe(0)
    for (const [fault, operation] of [
      ['open-listPets', 'listPets'],
      ['open-createPet', 'createPet'],
      ['open-getPet', 'getPet'],
    ] as const) {
      const open = await against(fault)
      expect(verdicts(open)).toContain(`${operation} fail`)
      const failing = open.results.find(
        (r) => r.check === 'replayed_interactions' && r.operation === operation && r.outcome === 'fail',
      )
      expect(failing?.findings[0]?.message).toMatch(/carries no key/)
    }
  }, 60_000)

  test('read-only replays the reads only, and says what it left out', async () => {
    const report = await replayAgainst({}, { readOnly: true })
    expect(report.footprint?.created).toBe(0)
    const create = report.results.find(
      (r) => r.check === 'replayed_interactions' && r.operation === 'createPet',
    )
    expect(create?.outcome).toBe('skip')
    expect(create?.reason).toMatch(/read-only/)
    expect(verdicts(report)).toContain('listPets pass')
  })

  test('from the command line: --replay FILE.har passes, a file that is not a HAR is a usage error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-replay-'))
    const server = createReferenceServer({ pets: 30, apiKey: 'replay-key' })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    const cli = join(import.meta.dirname, '..', '..', 'contract-tests', 'cli.ts')
    try {
      const file = join(dir, 'app.har')
      await writeFile(file, harText)
      const passed = await run(process.execPath, [
        cli,
        '-u',
        baseUrl,
        '-k',
        'replay-key',
        '--replay',
        file,
        '--verbose',
      ])
      expect(passed.stdout).toMatch(/^ {2}PASS {2}replayed_interactions \[required\] createPet$/m)
      expect(passed.stdout).toMatch(/^Footprint: 2 pets created/m)
      await writeFile(join(dir, 'bad.har'), 'not json')
      const usage = await run(process.execPath, [cli, '-u', baseUrl, '--replay', join(dir, 'bad.har')]).catch(
        (error: { code: number; stderr: string }) => error,
      )
      expect((usage as { code?: number }).code).toBe(2)
      expect((usage as { stderr: string }).stderr).toMatch(
        /^petstore-contract: --replay .*bad\.har: not JSON/,
      )
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
