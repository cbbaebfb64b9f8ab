// What a hostile web page or client can try against the HTTP mock, each on a real socket
// (decisions/007-hostile-clients.md): DNS-rebound Host names, cross-site writes to the control
// plane, a URL built to make log redaction backtrack, aborted uploads, clients that never read.
import { connect } from 'node:net'
import { afterEach, describe, expect, test } from '@jest/globals'
import {
  createHttpMock,
  type HttpMock,
  type HttpMockOptions,
  listen,
} from '../../../mocks/http/createHttpMock.ts'
import { sendRaw } from '../../support/rawHttp.ts'

const KEY = 'k3y-hostile-clients'
const running: HttpMock[] = []
afterEach(async () => {
  for (const mock of running.splice(0)) {
    mock.server.closeAllConnections()
    await new Promise((resolve) => mock.server.close(resolve))
  }
})

async function start(
  options: HttpMockOptions = {},
): Promise<{ mock: HttpMock; port: number; lines: string[] }> {
  const lines: string[] = []
  const mock = createHttpMock({ apiKeys: [KEY], log: (line) => lines.push(line), ...options })
  running.push(mock)
  const url = new URL(await listen(mock, 0, '127.0.0.1'))
  return { mock, port: Number(url.port), lines }
}

const get = (path: string, host: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${KEY}\r\n${extra}Connection: close\r\n\r\n`

async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 15_000,
): Promise<void> {
  const until = Date.now() + limitMs
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('Host names (DNS rebinding)', () => {
  test.each([
    ['a rebound name', 'rebind.attacker.example:4010', 403],
    ['a look-alike of localhost', 'localhost.attacker.example', 403],
    ['an IP literal', '127.0.0.1:4010', 200],
    ['localhost', 'localhost:4010', 200],
    ['a *.localhost name', 'app.localhost', 200],
  ])('%s (%s) → %s', async (_name, host, status) => {
    const { port } = await start()
    const answer = await sendRaw(port, get('/v1/pets?limit=1', host))
    expect(answer.status).toBe(status)
    if (status === 403)
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'host_not_allowed', status: 403 })
  })

  test('--allowed-host lets a name through, a leading dot its subdomains', async () => {
    const { port } = await start({ allowedHosts: ['mock.team.test', '.dev.test'] })
    expect((await sendRaw(port, get('/v1/pets?limit=1', 'mock.team.test:4010'))).status).toBe(200)
    expect((await sendRaw(port, get('/v1/pets?limit=1', 'a.dev.test'))).status).toBe(200)
    expect((await sendRaw(port, get('/v1/pets?limit=1', 'team.test'))).status).toBe(403)
  })
})

describe('cross-site writes to the control plane', () => {
  const reset = (port: number, headers: string, body = '') =>
    sendRaw(
      port,
      `POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )

  test.each([
    ['a text/plain POST (no preflight in a browser)', 'Content-Type: text/plain\r\n'],
    ['a form POST', 'Content-Type: application/x-www-form-urlencoded\r\n'],
    ['JSON from a foreign origin', 'Origin: https://attacker.example\r\nContent-Type: application/json\r\n'],
    ['no type at all', ''],
  ])('%s is refused and the store is untouched', async (_name, headers) => {
    const { mock, port } = await start()
    mock.store.create({ name: 'Kept', categoryId: 1 })
    const answer = await reset(port, headers)
    expect(answer.status).toBe(403)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'cross_site_request', status: 403 })
    expect(mock.store.size).toBe(46)
  })

  test('a JSON reset (curl, tests) and a reset from an allowed origin still work', async () => {
    const { mock, port } = await start()
    mock.store.create({ name: 'Gone', categoryId: 1 })
    expect((await reset(port, 'Content-Type: application/json\r\n')).status).toBe(200)
    expect(mock.store.size).toBe(45)
    mock.store.create({ name: 'Gone', categoryId: 1 })
    expect((await reset(port, 'Origin: http://localhost:5173\r\nContent-Type: text/plain\r\n')).status).toBe(
      200,
    )
    expect(mock.store.size).toBe(45)
  })
})

describe('log redaction under attack', () => {
  test('a URL of repeated credential names does not delay a concurrent ordinary request', async () => {
    // The regular expression this replaced took ~9 s of CPU on this 8 KB URL while every other client
    // waited. Judged as a ratio (never a fixed time): an ordinary request sent alongside two hostile
    // ones, against the same request alone, medians of 15 rounds on the same server; the margin (100x) is
    // wide for a shared machine (23x was seen at a load average of 16), the old cost was over 1000x.
    const { port } = await start()
    const hostile = `/v1/pets${'?key'.repeat(2_000)}`
    const ordinary = '/v1/pets?limit=1'
    const timed = async (path: string) => {
      const started = performance.now()
      await sendRaw(port, get(path, '127.0.0.1'))
      return performance.now() - started
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
    const alone: number[] = []
    const alongside: number[] = []
    for (let round = 0; round < 15; round++) {
      alone.push(await timed(ordinary))
      const [, , ordinaryTime] = await Promise.all([timed(hostile), timed(hostile), timed(ordinary)])
      alongside.push(ordinaryTime)
    }
    expect(median(alongside) / median(alone)).toBeLessThan(100)
  })

  test('a key in any percent-encoded spelling never reaches a log line', async () => {
    const { port, lines } = await start()
    const spellings = [
      '%6b3y-hostile-clients',
      '%6B%33%79%2d%68ostile-clients',
      '%256b3y-hostile-clients',
      'k3y%2Dhostile%2dclients',
    ]
    for (const spelling of spellings) {
      await sendRaw(port, get(`/v1/pets/${spelling}?token=${KEY}&q=${spelling}`, '127.0.0.1'))
    }
    expect(lines).toHaveLength(spellings.length)
    const decoded = lines.map((line) => decodeURIComponent(decodeURIComponent(line.replaceAll('%25', '%'))))
    for (const line of [...lines, ...decoded]) expect(line).not.toContain(KEY)
  })
})

describe('clients that go away or never read', () => {
  test('a client aborting mid-body is logged as an abort, not as an internal error', async () => {
    const { port, lines } = await start()
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`,
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    socket.destroy()
    await waitFor(() => lines.length > 0, 'the abort to be logged')
    expect(lines).toEqual([expect.stringMatching(/^POST \/v1\/pets client aborted the request$/)])
  })

  test('a connection that pipelines requests and never reads the answers is closed', async () => {
    // The wait below is bounded by waitFor's own limit, not by Jest's default 5 s.

    const { mock, port, lines } = await start({ timeouts: { unreadResponseMs: 300 } })
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.pause() // never read
    socket.on('error', () => {})
    const request = `GET /v1/pets?limit=100 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n\r\n`
    socket.write(request.repeat(3_000))
    const connections = () =>
      new Promise<number>((resolve) => mock.server.getConnections((_error, count) => resolve(count)))
    await waitFor(async () => (await connections()) === 0, 'the stalled connection to be closed')
    expect(lines.some((line) => line.startsWith('closed a connection that read none of its responses'))).toBe(
      true,
    )
    socket.destroy()
  })

  test('a slow reader that keeps reading is not cut off', async () => {
    const { port } = await start({ timeouts: { unreadResponseMs: 300 } })
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    const request = `GET /v1/pets?limit=100 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n\r\n`
    let received = 0
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      // Reads in small sips with pauses shorter than the cut-off.
      socket.pause()
      setTimeout(() => socket.resume(), 20)
    })
    socket.write(
      `${request.repeat(200)}GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`,
    )
    const closed = new Promise<boolean>((resolve) => socket.once('close', (hadError) => resolve(hadError)))
    expect(await closed).toBe(false)
    expect(received).toBeGreaterThan(200 * 2_000)
  })
})
