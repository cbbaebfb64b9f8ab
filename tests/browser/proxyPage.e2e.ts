// The validating proxy's page in real Chromium, in front of a hostile upstream: the markup it puts in
// pet names and the frontend puts in a path reach the page as text only (nothing runs, no element is
// made), and the Clear button empties both lists through the control plane's guard.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { createProxy, type ValidatingProxy } from '../../proxy/createProxy.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { CHROMIUM_ARGS, findChromium, isCi } from '../support/findChromium.ts'

const chromiumPath = findChromium()
const skip =
  !chromiumPath && !isCi()
    ? 'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
    : undefined
const HOSTILE = '<img src=x onerror="document.title=\'pwned\'">'

/** Lists a pet of the wrong status whose name is markup: a violation whose message quotes it. */
const hostileUpstream = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify([{ id: 1, name: HOSTILE, categoryId: 1, status: 'available' }]))
})

describe("the proxy's page in Chromium", { skip, timeout: 120_000 }, () => {
  let browser: Browser
  let proxy: ValidatingProxy
  let origin = ''
  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    await new Promise<void>((resolve) => hostileUpstream.listen(0, '127.0.0.1', resolve))
    const upstream = `http://127.0.0.1:${(hostileUpstream.address() as AddressInfo).port}/v1`
    proxy = createProxy({ upstream, spec: defaultSpec() })
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: 60_000 })
  })
  after(async () => {
    await browser?.close()
    proxy?.server.closeAllConnections()
    await new Promise((resolve) => proxy?.server.close(resolve))
    hostileUpstream.closeAllConnections()
    await new Promise((resolve) => hostileUpstream.close(resolve))
  })

  test('shows what hostile traffic holds as text, runs none of it, and Clear empties it', async () => {
    const headers = { authorization: 'Bearer petstore-dev-key' }
    await fetch(`${origin}/v1/pets?status=sold`, { headers })
    await fetch(`${origin}/v1/pets/${encodeURIComponent(HOSTILE)}`, { headers })
    const page = await browser.newPage()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => dialogs.push(dialog.message()))
    await page.goto(`${origin}/__mock/`)
    await page.locator('body[data-ready="true"]').waitFor()
    const found = (await (await fetch(`${origin}/__mock/violations`)).json()) as { total: number }
    assert.ok(found.total >= 2, 'the list of the wrong status and the petId that is no integer')
    assert.equal(await page.getByTestId('violation-total').textContent(), String(found.total))
    assert.equal(await page.locator('#violations tr').count(), found.total)
    assert.match((await page.locator('#violations').textContent()) ?? '', /<img src=x onerror=/)
    assert.match((await page.locator('#requests').textContent()) ?? '', /%3Cimg|<img/)
    assert.equal(await page.locator('img').count(), 0)
    assert.notEqual(await page.title(), 'pwned')
    assert.deepEqual(dialogs, [])

    await page.locator('#clear').click()
    // The counter and the requests table are drawn from two answers: wait for both to be empty.
    await page.waitForFunction(
      () =>
        document.getElementById('violation-total')?.textContent === '0' &&
        document.querySelectorAll('#requests tr').length === 0,
    )
    assert.equal(await page.locator('#requests tr').count(), 0)
    assert.equal(await page.locator('#no-violations').isVisible(), true)
    await page.close()
  })
})
