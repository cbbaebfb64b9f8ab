// Limits and protocol hygiene of the HTTP mock (decisions/004-hardening.md) that the bad-input catalogue cannot express
// as one request and one answer: timeouts, the default bind address, CORS, and logs without secrets.
// (Body cap, 415, malformed HTTP and 431 are rows of fixtures/bad-inputs.json.)
import { connect } from 'node:net'
import { afterEach, describe, expect, test } from '@jest/globals'
import { readOptions } from '../../../kit/node/optionTable.ts'
import {
  createHttpMock,
  type HttpMock,
  type HttpMockOptions,
  listen,
} from '../../../mocks/http/createHttpMock.ts'
import { MOCK_CLI_OPTIONS } from '../../../mocks/http/mockCliOptions.ts'

const parseCliOptions = (argv: string[], env: Record<string, string>) =>
  readOptions(MOCK_CLI_OPTIONS, argv, env)

import { sendHttp, sendRaw } from '../../support/rawHttp.ts'

const running: HttpMock[] = []
afterEach(async () => {
  for (const mock of running.splice(0)) {
    mock.server.closeAllConnections()
    await new Promise((resolve) => mock.server.close(resolve))
  }
})

async function start(options: HttpMockOptions = {}): Promise<{ mock: HttpMock; port: number; host: string }> {
  const mock = createHttpMock(options)
  running.push(mock)
  const url = new URL(await listen(mock, 0, '127.0.0.1'))
  return { mock, port: Number(url.port), host: url.hostname }
}

describe('timeouts', () => {
  const timeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 300 }

  test('a client that never finishes its headers gets 408 with an Error body, then the connection closes', async () => {
    const { port } = await start({ timeouts })
    const response = await sendRaw(port, 'GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n', 5_000)
    expect(response.status).toBe(408)
    expect(JSON.parse(response.body)).toMatchObject({ code: 'malformed_request', status: 408 })
  })

  test('a slow-loris client trickling header lines is cut off too (not an idle timeout)', async () => {
    const { port } = await start({ timeouts })
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n'),
      )
      let received = ''
      // One more header line every 50 ms, for at most 100 lines (5 s): the socket is never idle.
      let lines = 0
      const trickle = setInterval(() => {
        if (++lines > 100 || socket.destroyed) return clearInterval(trickle)
        socket.write(`X-Line-${lines}: x\r\n`)
      }, 50)
      socket.on('data', (chunk) => {
        received += chunk
      })
      socket.on('error', () => {})
      socket.on('close', () => {
        clearInterval(trickle)
        resolve(received)
      })
    })
    expect(closed).toMatch(/^HTTP\/1\.1 408 /)
    expect(closed).toContain('"code":"malformed_request"')
  })

  test('a body that never completes gets 408 once the request timeout passes', async () => {
    const { port } = await start({ timeouts })
    const response = await sendRaw(
      port,
      'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer petstore-dev-key\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      5_000,
    )
    expect(response.status).toBe(408)
  })

  test('the defaults are set: 5 s for headers, 10 s for the whole request', async () => {
    const { mock } = await start()
    expect(mock.server.headersTimeout).toBe(5_000)
    expect(mock.server.requestTimeout).toBe(10_000)
  })
})

describe('binding', () => {
  test('the CLI binds 127.0.0.1 unless told otherwise', () => {
    expect(parseCliOptions([], {}).host).toBe('127.0.0.1')
    expect(parseCliOptions([], { HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(parseCliOptions(['--host', '::1'], {}).host).toBe('::1')
  })

  test('listen reports the address it bound', async () => {
    const { host } = await start()
    expect(host).toBe('127.0.0.1')
  })
})

describe('CORS', () => {
  const AUTH = ['authorization', 'Bearer petstore-dev-key'] as const
  const get = (port: number, origin: string) =>
    sendHttp(port, { method: 'GET', path: '/v1/pets?limit=1', headers: [AUTH, ['origin', origin]] })
  const preflight = (port: number, origin: string) =>
    sendHttp(port, {
      method: 'OPTIONS',
      path: '/v1/pets',
      headers: [
        ['origin', origin],
        ['access-control-request-method', 'POST'],
        ['access-control-request-headers', 'authorization, content-type'],
      ],
    })

  test.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'https://app.example.com'])(
    'an allowed origin (%s) is echoed, with Vary: Origin',
    async (origin) => {
      const { port } = await start({ corsOrigins: ['https://app.example.com'] })
      const response = await get(port, origin)
      expect(response.status).toBe(200)
      expect(response.headers['access-control-allow-origin']).toBe(origin)
      expect(response.headers.vary).toBe('Origin')
    },
  )

  test.each(['https://evil.example', 'http://localhost.evil.example', 'null'])(
    'another origin (%s) gets no CORS grant, but still Vary: Origin',
    async (origin) => {
      const { port } = await start({ corsOrigins: ['https://app.example.com'] })
      const response = await get(port, origin)
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
      expect(response.headers.vary).toBe('Origin')
    },
  )

  test.each(['http://localhost:5173', 'https://evil.example'])(
    'a preflight without credentials (%s) is 204, never 401',
    async (origin) => {
      const { port } = await start()
      const response = await preflight(port, origin)
      expect(response.status).toBe(204)
      expect(response.headers.vary).toBe('Origin')
      const allowed = origin.includes('localhost')
      expect(response.headers['access-control-allow-origin']).toBe(allowed ? origin : undefined)
      if (allowed) expect(response.headers['access-control-allow-headers']).toContain('authorization')
    },
  )
})

describe('logs', () => {
  const KEY = 's3cret-Key_42'
  const WRONG = 'someone-elses-real-key'

  test('no line holds a key or an Authorization value, wherever the client put it', async () => {
    const lines: string[] = []
    const { port } = await start({ apiKeys: [KEY], log: (line) => lines.push(line) })
    const requests: Array<[string, string]> = [
      ['/v1/pets', `Bearer ${KEY}`],
      ['/v1/pets', `Bearer ${WRONG}`],
      ['/v1/pets', `Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`],
      [`/v1/pets?api_key=${KEY}`, ''],
      [`/v1/pets?access_token=${WRONG}&limit=5`, ''],
      [`/v1/pets?limit=5&Token=${WRONG}`, ''],
      [`/v1/pets?q=${KEY}`, ''],
      [`/v1/pets/${KEY}`, `Bearer ${KEY}`],
      [`/v1/${encodeURIComponent(KEY)}`, ''],
      [`/__mock/${KEY}`, ''],
    ]
    for (const [path, authorization] of requests) {
      const headers: Array<[string, string]> = authorization ? [['authorization', authorization]] : []
      await sendHttp(port, { method: 'GET', path, headers })
    }
    expect(lines).toHaveLength(requests.length)
    const log = lines.join('\n')
    for (const secret of [KEY, encodeURIComponent(KEY), WRONG, 'Bearer', 'Basic'])
      expect(log).not.toContain(secret)
    // What is left is still useful: method, path, status.
    expect(lines[0]).toMatch(/^GET \/v1\/pets 200 /)
    expect(lines[3]).toMatch(/^GET \/v1\/pets\?api_key=\*\*\* 401 /)
  })

  test('the default key is redacted as well', async () => {
    const lines: string[] = []
    const { port } = await start({ log: (line) => lines.push(line) })
    await sendHttp(port, { method: 'GET', path: '/v1/pets?x=petstore-dev-key', headers: [] })
    expect(lines.join('\n')).not.toContain('petstore-dev-key')
  })
})
