// The proxy forwards a compressed answer as the upstream sent it (status, every header line, the
// body's bytes still in their coding) and judges a decoded copy: a gzip body stays gzip, so curl
// --compressed and fetch read it; three Set-Cookie lines stay three; a fault inside a compressed
// body is still found.
import { execFile } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { brotliCompressSync, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createProxy, type ValidatingProxy } from '../../proxy/createProxy.ts'
import type { ProxiedEntry } from '../../proxy/proxyControl.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { getRaw, headerValues, type Listening, listenOn } from '../support/rawExchange.ts'

const run = promisify(execFile)
const KEY = 'petstore-dev-key'
const auth = { authorization: `Bearer ${KEY}` }

const GOOD = JSON.stringify([
  { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
  { id: 2, name: 'Tom', categoryId: 2, status: 'sold' },
])
// An id sent as a string: response_schema_conformance, whatever the coding.
const BAD = JSON.stringify([{ id: '3', name: 'Odd', categoryId: 1, status: 'sold' }])

const CODINGS: Readonly<Record<string, (text: string) => Buffer>> = {
  gzip: (text) => gzipSync(text),
  br: (text) => brotliCompressSync(text),
  deflate: (text) => deflateSync(text),
  zstd: (text) => zstdCompressSync(text),
  'gzip, br': (text) => brotliCompressSync(gzipSync(text)),
}
const COOKIES = ['session=a1; Path=/; HttpOnly', 'theme=dark; Path=/', 'seen=1; Path=/; Max-Age=60']

/** What the upstream sent for each coding and body, byte for byte, to compare with what came through. */
const sent = new Map<string, Buffer>()
function bytesFor(coding: string, text: string): Buffer {
  const key = `${coding} ${text}`
  let bytes = sent.get(key)
  if (!bytes) {
    bytes = (CODINGS[coding] as (text: string) => Buffer)(text)
    sent.set(key, bytes)
  }
  return bytes
}

let upstream: Listening
let proxy: ValidatingProxy
let base: string
let origin: string

beforeAll(async () => {
  // The coding and body are chosen by request headers, which the proxy forwards as end-to-end ones.
  upstream = await listenOn((request, response) => {
    const coding = String(request.headers['x-test-coding'] ?? 'gzip')
    const text = request.headers['x-test-body'] === 'bad' ? BAD : GOOD
    const bytes = bytesFor(coding, text)
    const lines = ['Content-Type', 'application/json', 'Content-Encoding', coding, 'Vary', 'Accept-Encoding']
    for (const cookie of COOKIES) lines.push('Set-Cookie', cookie)
    // A forged verdict: the proxy's header names are its own.
    lines.push('X-Petstore-Violations', '0', 'X-Petstore-Not-Judged', 'forged')
    lines.push('Content-Length', String(bytes.length))
    response.writeHead(200, lines)
    response.end(bytes)
  })
  proxy = createProxy({ upstream: `${upstream.origin}/v1`, spec: defaultSpec() })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
  base = `${origin}/v1`
})

afterAll(async () => {
  proxy.server.closeAllConnections()
  await new Promise((resolve) => proxy.server.close(resolve))
  await upstream.close()
})

describe('compressed answers through the proxy', () => {
  test.each(Object.keys(CODINGS))(
    'a %s answer comes back byte for byte, still labelled, its three cookies three, and is judged',
    async (coding) => {
      const answer = await getRaw(`${base}/pets`, { ...auth, 'x-test-coding': coding })
      expect(answer.status).toBe(200)
      expect(headerValues(answer, 'content-encoding')).toEqual([coding])
      expect(answer.body.equals(bytesFor(coding, GOOD))).toBe(true)
      expect(headerValues(answer, 'set-cookie')).toEqual(COOKIES)
      expect(headerValues(answer, 'x-petstore-violations')).toEqual([])
      expect(headerValues(answer, 'x-petstore-not-judged')).toEqual([])
      const journal = (await (await fetch(`${origin}/__mock/requests`)).json()) as ProxiedEntry[]
      expect(journal.at(-1)?.notJudged).toBeUndefined()
    },
  )

  test('a fault inside a gzip or br body is still found: the judge reads the decoded copy', async () => {
    for (const coding of ['gzip', 'br']) {
      const answer = await getRaw(`${base}/pets`, { ...auth, 'x-test-coding': coding, 'x-test-body': 'bad' })
      expect(answer.body.equals(bytesFor(coding, BAD))).toBe(true)
      expect(headerValues(answer, 'x-petstore-violations')).toEqual([
        expect.stringContaining('response_schema_conformance'),
      ])
    }
  })

  test('fetch reads the gzip answer, and curl --compressed exits 0 with the JSON', async () => {
    const response = await fetch(`${base}/pets`, { headers: { ...auth, 'x-test-coding': 'gzip' } })
    expect(await response.json()).toEqual(JSON.parse(GOOD))
    expect(response.headers.getSetCookie()).toEqual(COOKIES)
    for (const coding of ['gzip', 'br']) {
      const { stdout } = await run('curl', [
        '-sS',
        '--compressed',
        '--max-time',
        '10',
        '-H',
        `Authorization: Bearer ${KEY}`,
        '-H',
        `x-test-coding: ${coding}`,
        `${base}/pets`,
      ])
      expect(JSON.parse(stdout)).toEqual(JSON.parse(GOOD))
    }
  })

  test('a HEAD answer labelled gzip, with no body, is judged and comes back as sent', async () => {
    const answer = await new Promise<{ status: number; rawHeaders: string[] }>((resolve, reject) => {
      const outgoing = httpRequest(
        `${base}/pets`,
        { method: 'HEAD', headers: auth, agent: false },
        (response) => {
          response.resume()
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders }),
          )
        },
      )
      outgoing.on('error', reject)
      outgoing.end()
    })
    expect(answer.status).toBe(200)
    expect(headerValues({ ...answer, body: Buffer.alloc(0) }, 'content-encoding')).toEqual(['gzip'])
    expect(headerValues({ ...answer, body: Buffer.alloc(0) }, 'x-petstore-not-judged')).toEqual([])
  })

  test('nothing conforming is blamed, in any coding', async () => {
    const cleared = await fetch(`${origin}/__mock/violations`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    })
    expect(cleared.status).toBe(204)
    for (const coding of Object.keys(CODINGS))
      expect((await getRaw(`${base}/pets`, { ...auth, 'x-test-coding': coding })).status).toBe(200)
    const report = (await (await fetch(`${origin}/__mock/violations`)).json()) as { total: number }
    expect(report.total).toBe(0)
  })
})
