// What an upstream cannot do to the proxy: drip its answer (504 within the proxy's timeout, headers
// or body), or fill the proxy's memory with many answers at once (past the buffer budget a request
// gets 503 with Retry-After and an Error body; what fits still comes through byte for byte, and the
// budget is whole again afterwards).
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from '@jest/globals'
import { createProxy, type ProxyOptions, type ValidatingProxy } from '../../proxy/createProxy.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { getRaw, headerValues, type Listening, listenOn } from '../support/rawExchange.ts'

const auth = { authorization: 'Bearer petstore-dev-key' }
const open: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const closable of open.splice(0)) await closable.close()
})

async function proxyIn(upstream: Listening, options: Partial<ProxyOptions> = {}) {
  const proxy: ValidatingProxy = createProxy({
    upstream: `${upstream.origin}/v1`,
    spec: defaultSpec(),
    ...options,
  })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        proxy.server.closeAllConnections()
        proxy.server.close(() => resolve())
      }),
  })
  return `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}/v1`
}

describe('an upstream that drips', () => {
  test.each([
    ['sends its headers, then its body a byte at a time', true],
    ['never sends its headers', false],
  ])('one that %s is a 504 upstream_timeout', async (_shape, headersFirst) => {
    const timers: NodeJS.Timeout[] = []
    const upstream = await listenOn((_request, response) => {
      if (!headersFirst) return
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      response.write('[')
      // A byte every 50 ms, far slower than the proxy's timeout allows for the 1,000 declared.
      let sent = 1
      const timer = setInterval(() => {
        if (sent++ < 999 && !response.destroyed) response.write(' ')
        else clearInterval(timer)
      }, 50)
      timers.push(timer)
    })
    open.push({
      close: async () => {
        for (const timer of timers) clearInterval(timer)
        await upstream.close()
      },
    })
    const base = await proxyIn(upstream, { timeoutMs: 400 })
    const answer = await getRaw(`${base}/pets`, auth)
    expect(answer.status).toBe(504)
    expect(JSON.parse(answer.body.toString())).toEqual({
      code: 'upstream_timeout',
      message: expect.stringContaining('400 ms'),
      status: 504,
    })
  })
})

describe('the buffer budget of exchanges in flight', () => {
  test('past it a request gets 503 with Retry-After; what fits comes through whole; afterwards it is free again', async () => {
    const body = Buffer.from(JSON.stringify([{ id: 1, name: 'x'.repeat(900_000), categoryId: 1 }]))
    const half = body.length >> 1
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    // Each answer sends half its body at once, then waits: the proxy holds every half at the same time.
    const upstream = await listenOn((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) })
      response.write(body.subarray(0, half))
      void released.then(() => response.end(body.subarray(half)))
    })
    open.push(upstream)
    // 4 MiB: room for about nine halves of 450 kB; twelve ask for more.
    const base = await proxyIn(upstream, { maxBufferedBytes: 4 * 1_048_576 })
    const answers = Array.from({ length: 12 }, () => getRaw(`${base}/pets`, auth))
    const first = await Promise.race(answers)
    expect(first.status).toBe(503)
    release()
    const all = await Promise.all(answers)
    const busy = all.filter((answer) => answer.status === 503)
    const whole = all.filter((answer) => answer.status === 200)
    expect(busy.length).toBeGreaterThan(0)
    expect(whole.length).toBeGreaterThan(0)
    expect(busy.length + whole.length).toBe(12)
    for (const answer of busy) {
      expect(headerValues(answer, 'retry-after')).toEqual(['1'])
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'busy', status: 503 })
    }
    for (const answer of whole) expect(answer.body.equals(body)).toBe(true)
    // Everything was given back: one more exchange fits.
    const again = await getRaw(`${base}/pets`, auth)
    expect(again.status).toBe(200)
    expect(again.body.equals(body)).toBe(true)
  })

  test('an answer the judge cannot decode gives back what its copy was charged', async () => {
    // A coding the proxy cannot read: each copy is charged the decoded bound (1 MiB) before decoding.
    const upstream = await listenOn((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'compress' })
      response.end('[]')
    })
    open.push(upstream)
    const base = await proxyIn(upstream, { maxBufferedBytes: 4 * 1_048_576 })
    // Four such copies would fill the budget were one kept: every answer after them a 503.
    for (let round = 0; round < 6; round++) {
      const answer = await getRaw(`${base}/pets`, auth)
      expect(answer.status).toBe(200)
      expect(headerValues(answer, 'x-petstore-not-judged')).toEqual([
        'the proxy cannot read Content-Encoding compress',
      ])
    }
  })
})
