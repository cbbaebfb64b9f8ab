import { describe, expect, test } from '@jest/globals'
import { bodyOf, closedPort, stall, startHttp, startRaw } from '../../tests/servers/hostileServers.ts'
import { DeadlineReached } from '../base/deadline.ts'
import { curlOf, EXCERPT_BYTES, sendRequest } from './exchange.ts'

describe('curlOf', () => {
  test('redacts the bearer key and keeps everything needed to reproduce the request', () => {
    const line = curlOf(
      'POST',
      'http://127.0.0.1:4010/v1/pets',
      { authorization: 'Bearer s3cret-key', 'content-type': 'application/json' },
      `{"name":"O'Malley"}`,
    )
    expect(line).not.toContain('s3cret-key')
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:4010/v1/pets' -H "authorization: Bearer $PETSTORE_API_KEY" -H 'content-type: application/json' --data-raw '{"name":"O'\\''Malley"}'`,
    )
  })
})

describe('sendRequest', () => {
  test('a request that gets no answer in time becomes an exchange with status 0 and the reason', async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    const exchange = await sendRequest('http://target/v1', 'k', { method: 'GET', path: '/pets' }, 20, never)
    expect(exchange).toMatchObject({ status: 0, failure: 'timeout' })
    expect(exchange.error).toMatch(/^timed out: no complete response from target within 20 ms/)
    expect(exchange.curl).toContain("'http://target/v1/pets'")
  })

  test('sends the key, a wrong key or none, as asked', async () => {
    const seen: Array<string | null> = []
    const recording: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'))
      return new Response('[]', { headers: { 'content-type': 'application/json' } })
    }
    for (const auth of ['valid', 'wrong', 'none'] as const) {
      await sendRequest(
        'http://target/v1',
        'the-key',
        { method: 'GET', path: '/pets', auth },
        1000,
        recording,
      )
    }
    expect(seen[0]).toBe('Bearer the-key')
    expect(seen[1]).toMatch(/^Bearer (?!the-key)/)
    expect(seen[2]).toBeNull()
  })
})

/** GET /pets with a body cap, and a timeout long enough that only the cap can end an endless body. */
const getCapped = (baseUrl: string, maxBodyBytes: number) =>
  sendRequest(baseUrl, 'k', { method: 'GET', path: '/pets' }, 30_000, fetch, { maxBodyBytes })

describe('sendRequest against hostile local servers', () => {
  test('an endless body is read up to the cap, then the connection is closed and the exchange marked truncated', async () => {
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
      const exchange = await getCapped(server.baseUrl, 65_536)
      expect(exchange.status).toBe(200)
      expect(exchange.truncated).toEqual({ limitBytes: 65_536 })
      expect(exchange.text.length).toBeLessThanOrEqual(EXCERPT_BYTES)
      expect(exchange.json).toBeUndefined()
      await closed
    } finally {
      await server.close()
    }
  })

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
    const deadline = new AbortController()
    try {
      const sent = sendRequest(stalled.baseUrl, 'k', { method: 'GET', path: '/pets' }, 60_000, fetch, {
        deadline: deadline.signal,
      })
      deadline.abort(new DeadlineReached('cut'))
      await expect(sent).rejects.toBeInstanceOf(DeadlineReached)
    } finally {
      await stalled.close()
    }
  })
})
