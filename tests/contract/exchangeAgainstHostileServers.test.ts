// sendRequest (contract-tests/http/exchange.ts) against hostile servers on 127.0.0.1: an endless body,
// one at the cap, one nested too deep, every kind of failure told apart (a flood of headers or of
// 1xx answers too), and the run's deadline stopping a request in flight.
import { maxHeaderSize } from 'node:http'
import { describe, expect, test } from '@jest/globals'
import { DeadlineReached } from '../../contract-tests/base/deadline.ts'
import { EXCERPT_BYTES, MAX_ANSWER_DEPTH, sendRequest } from '../../contract-tests/http/exchange.ts'
import { DEFAULT_FORM, type RequestForm } from '../../contract-tests/http/requestForm.ts'
import {
  bodyOf,
  closedPort,
  headersFlood,
  interimForever,
  stall,
  startHttp,
  startRaw,
} from '../servers/hostileServers.ts'

/**
 * GET /pets with a body cap, and a timeout long enough that only the cap can end an endless body:
 * through fetch (`reused`), or over node:http on a connection of its own (`fresh`).
 */
const getCapped = (baseUrl: string, maxBodyBytes: number, connection: 'reused' | 'fresh' = 'reused') =>
  sendRequest(baseUrl, 'k', { method: 'GET', path: '/pets', connection }, 30_000, undefined, {
    maxBodyBytes,
  })

describe('sendRequest against hostile local servers', () => {
  test.each(['reused', 'fresh'] as const)(
    'an endless body is read up to the cap, then the connection is closed and the exchange marked truncated (%s)',
    async (connection) => {
      let closedByClient: () => void = () => {}
      const closed = new Promise<void>((resolve) => {
        closedByClient = resolve
      })
      const endless = bodyOf(Number.POSITIVE_INFINITY)
      const server = await startHttp((request, response) => {
        response.on('close', closedByClient)
        endless(request, response)
      })
      try {
        const exchange = await getCapped(server.baseUrl, 65_536, connection)
        expect(exchange.status).toBe(200)
        expect(exchange.truncated).toEqual({
          limitBytes: 65_536,
          why: 'longer than 65536 bytes: the rest was discarded unread',
        })
        expect(exchange.text.length).toBeLessThanOrEqual(EXCERPT_BYTES)
        expect(exchange.json).toBeUndefined()
        await closed
      } finally {
        await server.close()
      }
    },
  )

  test('a body exactly at the cap is read whole', async () => {
    const server = await startHttp((_request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(`[${' '.repeat(1022)}]`)
    })
    try {
      const exchange = await getCapped(server.baseUrl, 1024)
      expect(exchange.truncated).toBeUndefined()
      expect(exchange.json).toEqual([])
    } finally {
      await server.close()
    }
  })

  test('a body nested deeper than MAX_ANSWER_DEPTH is not parsed, and says why; one at the depth is', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    const server = await startHttp((request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(nested(request.url?.endsWith('/deep') ? 524_288 : MAX_ANSWER_DEPTH))
    })
    const get = (path: string) => sendRequest(server.baseUrl, 'k', { method: 'GET', path }, 30_000)
    try {
      const deep = await get('/deep')
      expect(deep.truncated).toEqual({
        limitBytes: 1_048_576,
        why: `nested deeper than ${MAX_ANSWER_DEPTH} levels: not parsed`,
      })
      expect(deep.text.length).toBeLessThanOrEqual(EXCERPT_BYTES)
      expect(deep.json).toBeUndefined()
      const within = await get('/within')
      expect(within.truncated).toBeUndefined()
      expect(JSON.stringify(within.json)).toBe(nested(MAX_ANSWER_DEPTH))
    } finally {
      await server.close()
    }
  })

  test('a flood of headers and endless 1xx answers are named for what they are, over fetch and node:http', async () => {
    const flood = await startRaw(headersFlood(100e6))
    const endless = await startRaw(interimForever(0))
    const slow = await startRaw(interimForever(100))
    try {
      for (const connection of ['reused', 'fresh'] as const) {
        const get = (baseUrl: string) =>
          sendRequest(baseUrl, 'k', { method: 'GET', path: '/pets', connection }, 1_500)
        const [headers, interim, fewInterim] = await Promise.all([
          get(flood.baseUrl),
          get(endless.baseUrl),
          get(slow.baseUrl),
        ])
        expect({ connection, kind: headers.failure, error: headers.error }).toEqual({
          connection,
          kind: 'other',
          error: expect.stringMatching(
            new RegExp(
              `^response headers from 127\\.0\\.0\\.1:\\d+ over Node's ${maxHeaderSize}-byte limit \\((UND_ERR_HEADERS_OVERFLOW|HPE_HEADER_OVERFLOW)\\)$`,
            ),
          ),
        })
        for (const answer of [interim, fewInterim])
          expect({ connection, kind: answer.failure, error: answer.error }).toEqual({
            connection,
            kind: 'timeout',
            error: expect.stringMatching(
              /^timed out: no complete response from 127\.0\.0\.1:\d+ within 1500 ms, only \d+ interim \(1xx\) responses?$/,
            ),
          })
      }
    } finally {
      await Promise.all([flood.close(), endless.close(), slow.close()])
    }
  })

  test('a timeout, a refused connection, a failed DNS lookup, a reset and a TLS failure are told apart', async () => {
    const stalled = await startHttp(stall)
    const reset = await startRaw((socket) => socket.once('data', () => socket.resetAndDestroy()))
    const plain = await startHttp((_request, response) => response.end('[]'))
    const refusedPort = await closedPort()
    const get = { method: 'GET', path: '/pets' } as const
    try {
      const cases: Array<[string, string, RegExp]> = [
        [stalled.baseUrl, 'timeout', /^timed out: no complete response from 127\.0\.0\.1:\d+ within 300 ms/],
        [`http://127.0.0.1:${refusedPort}/v1`, 'refused', /^connection refused by 127\.0\.0\.1:\d+/],
        ['http://does-not-exist.invalid/v1', 'dns', /^DNS lookup failed for does-not-exist\.invalid/],
        [reset.baseUrl, 'reset', /^connection reset or closed by 127\.0\.0\.1:\d+/],
        [
          plain.baseUrl.replace('http:', 'https:'),
          'tls',
          /^TLS failure with 127\.0\.0\.1:\d+ .*wrong version number/,
        ],
      ]
      for (const [baseUrl, kind, message] of cases) {
        const exchange = await sendRequest(baseUrl, 'k', get, 300)
        expect({ kind: exchange.failure, message: exchange.error }).toEqual({
          kind,
          message: expect.stringMatching(message),
        })
      }
    } finally {
      await Promise.all([stalled.close(), reset.close(), plain.close()])
    }
  })

  test('a passed deadline stops a request in flight with DeadlineReached, not an exchange', async () => {
    const stalled = await startHttp(stall)
    const endless = await startRaw(interimForever(0))
    try {
      for (const baseUrl of [stalled.baseUrl, endless.baseUrl]) {
        const deadline = new AbortController()
        const sent = sendRequest(baseUrl, 'k', { method: 'GET', path: '/pets' }, 60_000, undefined, {
          deadline: deadline.signal,
        })
        setTimeout(() => deadline.abort(new DeadlineReached('cut')), 200)
        await expect(sent).rejects.toBeInstanceOf(DeadlineReached)
      }
    } finally {
      await Promise.all([stalled.close(), endless.close()])
    }
  })
})

describe('a form an RFC lets the target refuse, told apart from a store that changed', () => {
  const old = { ...DEFAULT_FORM, version: '1.0' } as RequestForm
  const getPet = { method: 'GET' as const, path: '/pets/7', form: old }
  /** Answers HTTP/1.0 with `refusal` while `refusing`, else GET /pets/7 with 404 the first time, then 200. */
  const start = (refusing: boolean) => {
    let asked = 0
    return startHttp((request, response) => {
      response.setHeader('content-type', 'application/json')
      if (refusing && request.httpVersion === '1.0') {
        response.writeHead(505)
        return void response.end('{"code":"http_version","message":"HTTP/1.1 only","status":505}')
      }
      asked++
      response.writeHead(asked === 1 ? 404 : 200)
      response.end(
        asked === 1 ? '{"code":"not_found","message":"no pet 7","status":404}' : '{"id":7,"name":"Rex"}',
      )
    })
  }

  test('a 404 that became a 200 when the default form asked (a create landed between): asked again, not refused', async () => {
    const server = await start(false)
    try {
      const exchange = await sendRequest(server.baseUrl, 'k', getPet, 5_000)
      expect(exchange.unlike).toBeUndefined()
      expect(exchange.status).toBe(200)
      expect(exchange.form).toBe('HTTP/1.0')
    } finally {
      await server.close()
    }
  })

  test('HTTP/1.0 refused every time: the default form answers, and the refusal is named', async () => {
    const server = await start(true)
    try {
      const exchange = await sendRequest(server.baseUrl, 'k', getPet, 5_000)
      expect(exchange.unlike).toEqual({ form: 'HTTP/1.0', answer: '505' })
      expect(exchange.status).toBe(404)
      expect(exchange.form).toBeUndefined()
    } finally {
      await server.close()
    }
  })
})

describe('a HEAD unlike its GET, told apart from a store that changed', () => {
  const headFirst = {
    method: 'GET' as const,
    path: '/pets/7',
    form: { ...DEFAULT_FORM, head: 'before' } as RequestForm,
  }
  /** Answers `first` to the first request (the HEAD), then `answer(method)`. */
  const start = (first: number, answer: (method: string) => number) => {
    let asked = 0
    return startHttp((request, response) => {
      asked++
      response.writeHead(asked === 1 ? first : answer(request.method ?? ''), {
        'content-type': 'application/json',
      })
      response.end(request.method === 'HEAD' ? undefined : '{"id":7,"name":"Rex","categoryId":1}')
    })
  }

  test('a HEAD answered 404, then the GET 200 (a create landed between): the two go again and agree', async () => {
    const server = await start(404, () => 200)
    try {
      const exchange = await sendRequest(server.baseUrl, 'k', headFirst, 5_000)
      expect(exchange.unlike).toBeUndefined()
      expect(exchange.status).toBe(200)
    } finally {
      await server.close()
    }
  })

  test('a HEAD answered 200 each time its GET is refused 401: named', async () => {
    const server = await start(200, (method) => (method === 'HEAD' ? 200 : 401))
    try {
      const exchange = await sendRequest(server.baseUrl, 'k', headFirst, 5_000)
      expect(exchange.unlike).toEqual({ form: 'HEAD', answer: '200 with Content-Type application/json' })
      expect(exchange.status).toBe(401)
    } finally {
      await server.close()
    }
  })
})
