// Attacks a web page can make on a developer's running mock, made by a real Chromium
// (decisions/007-hostile-clients.md): a page on another origin posting a form or a no-cors request to
// /__mock/reset, a JSON request that needs a preflight, and DNS rebinding, where the attacker's name
// resolves to 127.0.0.1 and the page is same-origin with the mock. Names resolve through Chromium's
// --host-resolver-rules, so every packet stays on 127.0.0.1.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { CHROMIUM_ARGS, findChromium, isCi } from '../support/findChromium.ts'

const WAIT_MS = 10_000
const KEY = 'petstore-dev-key'
const chromiumPath = findChromium()
const skip =
  !chromiumPath && !isCi()
    ? 'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
    : false
if (skip) console.warn(`SKIPPED the cross-site browser tests: ${skip}`)

describe('a hostile page against the HTTP mock, in Chromium', { skip, timeout: 120_000 }, () => {
  let mock: HttpMock
  let mockPort = 0
  let attacker: Server
  let attackerPort = 0
  let attackPage = ''
  let browser: Browser
  let page: Page
  const log: string[] = []

  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    mock = createHttpMock({ log: (line) => log.push(line) })
    mockPort = Number(new URL(await listen(mock, 0, '127.0.0.1')).port)
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(attackPage)
    })
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
    attackerPort = (attacker.address() as AddressInfo).port
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        ...CHROMIUM_ARGS,
        '--host-resolver-rules=MAP *.attacker.test 127.0.0.1',
        // Chromium's own Local/Private Network Access checks would stop some of these attacks before
        // the mock sees them; Firefox and Safari have none, and the mock must hold without them.
        '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
      ],
      timeout: WAIT_MS,
    })
    page = await browser.newPage()
    page.setDefaultTimeout(WAIT_MS)
  })

  after(async () => {
    await browser?.close()
    attacker?.closeAllConnections()
    await new Promise((resolve) => attacker?.close(resolve))
    mock?.server.closeAllConnections()
    await new Promise((resolve) => mock?.server.close(resolve))
  })

  /** A store with one pet more than the seed: a reset would take it away. */
  function markStore(): number {
    mock.store.reset()
    mock.store.create({ name: 'Canary', categoryId: 1 })
    return mock.store.size
  }

  async function visitAttacker(
    html: string,
    origin = `http://www.attacker.test:${attackerPort}`,
  ): Promise<void> {
    attackPage = html
    await page.goto(`${origin}/attack`)
  }

  async function waitForLog(pattern: RegExp): Promise<string> {
    const until = Date.now() + WAIT_MS
    for (;;) {
      const line = log.find((entry) => pattern.test(entry))
      if (line) return line
      if (Date.now() > until) throw new Error(`no log line like ${pattern}: ${log.join(' | ')}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  test('a text/plain form posted from another site to /__mock/reset is refused; the pets stay', async () => {
    const before = markStore()
    log.length = 0
    await visitAttacker(`<form id=f method=POST enctype=text/plain action="http://127.0.0.1:${mockPort}/__mock/reset">
      <input name='[]' value=''></form><script>document.getElementById('f').submit()</script>`)
    await page.waitForURL(`http://127.0.0.1:${mockPort}/__mock/reset`)
    assert.match((await page.textContent('body')) ?? '', /cross_site_request/)
    assert.match(await waitForLog(/^POST \/__mock\/reset /), / 403 /)
    assert.equal(mock.store.size, before)
  })

  test('a no-cors fetch (a simple request, no preflight) reaches the mock and is refused', async () => {
    const before = markStore()
    log.length = 0
    await visitAttacker(
      `<script>fetch('http://127.0.0.1:${mockPort}/__mock/reset', { method: 'POST', mode: 'no-cors', body: '[]' })</script>`,
    )
    assert.match(await waitForLog(/^POST \/__mock\/reset /), / 403 /)
    assert.equal(mock.store.size, before)
  })

  test('a JSON reset from another site dies at the preflight: the POST is never sent', async () => {
    const before = markStore()
    log.length = 0
    await visitAttacker('<p>attack</p>')
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' })
        return 'sent'
      } catch (error) {
        return (error as Error).name
      }
    }, `http://127.0.0.1:${mockPort}/__mock/reset`)
    assert.equal(outcome, 'TypeError')
    await waitForLog(/^OPTIONS \/__mock\/reset /)
    assert.equal(log.filter((line) => line.startsWith('POST')).length, 0)
    assert.equal(mock.store.size, before)
  })

  test('DNS rebinding: a page of the attacker’s name, now resolving to 127.0.0.1, reads and resets nothing', async () => {
    const before = markStore()
    const origin = `http://rebind.attacker.test:${mockPort}`
    // The page itself came from the attacker's server before the name was rebound.
    await page.route(`${origin}/attack`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>rebound</p>' }),
    )
    await page.goto(`${origin}/attack`)
    const answers = await page.evaluate(async (key) => {
      const read = await fetch('/v1/pets', { headers: { Authorization: `Bearer ${key}` } })
      const reset = await fetch('/__mock/reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '[]',
      })
      return { read: read.status, readBody: await read.text(), reset: reset.status }
    }, KEY)
    await page.unroute(`${origin}/attack`)
    assert.equal(answers.read, 403)
    assert.match(answers.readBody, /host_not_allowed/)
    assert.equal(answers.reset, 403)
    assert.equal(mock.store.size, before)
  })

  test('control: a page on an allowed origin (localhost) can reset with JSON, so the refusals above are the mock’s', async () => {
    markStore()
    await visitAttacker('<p>friendly</p>', `http://localhost:${attackerPort}`)
    const status = await page.evaluate(async (url) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } })
      return response.status
    }, `http://127.0.0.1:${mockPort}/__mock/reset`)
    assert.equal(status, 200)
    assert.equal(mock.store.size, 45)
  })
})
