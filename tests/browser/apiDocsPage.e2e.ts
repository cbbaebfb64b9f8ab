// Swagger UI at /__mock/docs/ in real Chromium, from the running HTTP mock: served offline from the
// swagger-ui-dist package (a dev dependency here, an optional peer of the package) under its own CSP, it reads /__mock/openapi.json, offers the mock itself
// as its first server, and "Try it out" on listPets, with the dev key given to Authorize and no
// server chosen, gets 200 and lands in the mock's journal. Keeps a screenshot in reports/api-docs/.
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import { API_DOCS_PATH } from '../../kit/guard/controlPath.ts'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { DEFAULT_API_KEY } from '../../mocks/index.ts'
import { CHROMIUM_ARGS, chromiumSkip, findChromium } from '../support/findChromium.ts'

const SCREENSHOT = fileURLToPath(new URL('../../reports/api-docs/api-docs.png', import.meta.url))
const WAIT_MS = 20_000

const chromiumPath = findChromium()
const skip = chromiumSkip('the API docs page test')

describe('the API docs page (Swagger UI) in Chromium', { skip, timeout: 120_000 }, () => {
  let browser: Browser
  let mock: HttpMock
  let origin: string
  let page: Page
  const problems: string[] = []
  /** Every request the page made that did not go to the mock itself. */
  const elsewhere: string[] = []

  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    mock = createHttpMock({ selfCheck: true })
    origin = (await listen(mock, 0, '127.0.0.1')).replace(/\/v1$/, '')
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: WAIT_MS })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(WAIT_MS)
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('request', (request) => {
      if (!request.url().startsWith(`${origin}/`) && !request.url().startsWith('data:'))
        elsewhere.push(request.url())
    })
    // What the CSP refused, as the page saw it (the console may not say every time).
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as { __refused?: string[] }).__refused = seen
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
    })
    await page.goto(`${origin}${API_DOCS_PATH}`)
    await page.locator('#operations-animals-listPets').waitFor()
  })

  after(async () => {
    await browser?.close()
    mock?.server.closeAllConnections()
    await new Promise((resolve) => mock?.server.close(resolve))
  })

  test('offers the mock itself, as the page reached it, as the first and chosen server', async () => {
    const servers = page.locator('.servers select')
    const options = await servers
      .locator('option')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value))
    assert.equal(options[0], `${origin}/v1`)
    assert.equal(await servers.inputValue(), `${origin}/v1`)
    // The document's own servers follow, production and staging each selectable.
    assert.ok(options.length >= 3, `servers offered: ${options.join(' | ')}`)
    assert.equal(new Set(options).size, options.length)
  })

  test('"Try it out" on listPets with the dev key: 200, and the call is in the journal', async () => {
    await page.locator('button.authorize').first().click()
    const dialog = page.locator('.modal-ux')
    await dialog.locator('input').first().fill(DEFAULT_API_KEY)
    await dialog.locator('button.authorize').click()
    await dialog.locator('button.btn-done').click()
    const operation = page.locator('#operations-animals-listPets')
    await operation.locator('.opblock-summary-control').click()
    await operation.locator('button.try-out__btn').click()
    await operation.locator('button.execute').click()
    const status = operation.locator('.live-responses-table tbody .response-col_status').first()
    await status.waitFor()
    assert.equal((await status.textContent())?.trim(), '200')
    const journal = (await (await fetch(`${origin}/__mock/requests`)).json()) as {
      method: string
      operation?: string
      status: number
    }[]
    assert.ok(
      journal.some((entry) => entry.operation === 'listPets' && entry.status === 200),
      `journal: ${JSON.stringify(journal)}`,
    )
    await mkdir(dirname(SCREENSHOT), { recursive: true })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
  })

  test('loaded nothing from elsewhere (no CDN, no validator) and raised no errors or CSP violations', async () => {
    assert.deepEqual(elsewhere, [])
    assert.deepEqual(problems, [])
    assert.deepEqual(await page.evaluate(() => (window as { __refused?: string[] }).__refused), [])
  })
})
