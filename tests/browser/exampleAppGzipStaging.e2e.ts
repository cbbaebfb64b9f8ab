// The example app in real Chromium through the validating proxy to a staging-like upstream that
// gzips every answer and sets three cookies (a node:http server in front of the HTTP mock): the app
// lists its pets (Chromium decodes what the proxy forwarded still gzipped), the browser stores the
// three cookies, and the proxy flags nothing and judges every exchange.
// Run by node:test (`npm run test:browser`), like exampleAppThroughProxy.e2e.ts.
import assert from 'node:assert/strict'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { createProxy } from '../../proxy/createProxy.ts'
import type { ProxiedEntry } from '../../proxy/proxyControl.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { findChromium, isCi } from '../support/findChromium.ts'
import { type ServedApp, serveApp } from '../support/serveApp.ts'

const KEY = 'petstore-dev-key'
const WAIT_MS = 10_000
const COOKIES = [
  'staging_session=s1; Path=/',
  'staging_theme=dark; Path=/',
  'staging_seen=1; Path=/; Max-Age=600',
]

const chromiumPath = findChromium()
const skip =
  !chromiumPath && !isCi()
    ? 'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
    : false
if (skip) console.warn(`SKIPPED the gzip staging browser test: ${skip}`)

type Closable = { close(callback: () => void): unknown; closeAllConnections(): void }
const stop = (server: Closable) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/** Header lines a hop sets for itself, which the gzipping upstream does not copy from the mock. */
const OWN = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
])

/**
 * Staging as some teams run it: every answer of the mock at `mockOrigin` gzipped (when it has a
 * body), with three Set-Cookie lines, on a free loopback port.
 */
async function gzippingUpstream(mockOrigin: string) {
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const headers = { ...incoming.headers, host: new URL(mockOrigin).host }
      const toMock = httpRequest(
        `${mockOrigin}${incoming.url}`,
        { method: incoming.method, headers },
        (answer) => {
          const body: Buffer[] = []
          answer.on('data', (chunk: Buffer) => body.push(chunk))
          answer.on('end', () => {
            const lines: string[] = []
            for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2)
              if (!OWN.has((answer.rawHeaders[i] as string).toLowerCase()))
                lines.push(answer.rawHeaders[i] as string, answer.rawHeaders[i + 1] as string)
            for (const cookie of COOKIES) lines.push('Set-Cookie', cookie)
            const plain = Buffer.concat(body)
            const zipped = plain.length > 0 ? gzipSync(plain) : plain
            if (zipped.length > 0) lines.push('Content-Encoding', 'gzip', 'Vary', 'Accept-Encoding')
            lines.push('Content-Length', String(zipped.length))
            response.writeHead(answer.statusCode ?? 502, lines)
            response.end(incoming.method === 'HEAD' ? undefined : zipped)
          })
        },
      )
      toMock.on('error', () => response.destroy())
      toMock.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

describe('the example app through the proxy to a gzipping staging, in Chromium', {
  skip,
  timeout: 120_000,
}, () => {
  let app: ServedApp

  before(async () => {
    app = await serveApp(chromiumPath, WAIT_MS)
  })

  after(async () => {
    await app?.close()
  })

  test('the app lists its pets, the browser keeps the three cookies, and the proxy flags nothing', async () => {
    const mock = createHttpMock()
    const mockBase = await listen(mock, 0, '127.0.0.1')
    const upstream = await gzippingUpstream(mockBase.replace(/\/v1$/, ''))
    const proxy = createProxy({ upstream: `${upstream.origin}/v1`, spec: defaultSpec() })
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
    const proxyOrigin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
    // The proxy's page has a strict CSP; the test's own fetch from that origin must not be blocked by it.
    const context = await app.browser.newContext({ bypassCSP: true })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(WAIT_MS)
      const failed: string[] = []
      page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`))
      await page.goto(`${app.appUrl}?api=${encodeURIComponent(`${proxyOrigin}/v1`)}`)
      await page.locator('body[data-ready="true"]').waitFor()
      await page.locator('#pets tr').first().waitFor()
      const rows = await page.locator('#pets tr').count()
      assert.ok(rows > 0, 'the app listed no pet')
      assert.deepEqual(failed, [])

      // The same origin as the proxy: Chromium keeps the cookies of a same-origin answer.
      await page.goto(`${proxyOrigin}/__mock/`)
      const listed = await page.evaluate(async (key) => {
        const response = await fetch('/v1/pets?limit=3', { headers: { authorization: `Bearer ${key}` } })
        return {
          status: response.status,
          encoding: response.headers.get('content-encoding'),
          pets: ((await response.json()) as unknown[]).length,
        }
      }, KEY)
      assert.deepEqual(listed, { status: 200, encoding: 'gzip', pets: 3 })
      const cookies = (await context.cookies(proxyOrigin)).map((cookie) => `${cookie.name}=${cookie.value}`)
      assert.deepEqual(cookies.sort(), ['staging_seen=1', 'staging_session=s1', 'staging_theme=dark'])

      const violations = (await (await fetch(`${proxyOrigin}/__mock/violations`)).json()) as { total: number }
      assert.equal(violations.total, 0, JSON.stringify(violations))
      const journal = (await (await fetch(`${proxyOrigin}/__mock/requests`)).json()) as ProxiedEntry[]
      const gets = journal.filter((entry) => entry.method === 'GET' && entry.path === '/v1/pets')
      assert.ok(gets.length >= 2, JSON.stringify(journal))
      assert.deepEqual(
        journal.filter((entry) => entry.notJudged !== undefined),
        [],
        'every gzipped answer was judged',
      )
    } finally {
      await context.close()
      await stop(proxy.server)
      await stop(upstream.server)
      await stop(mock.server)
    }
  })
})
