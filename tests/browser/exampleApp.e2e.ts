// The example app in real Chromium: built and served by Vite, the API answered by the project's
// handlers in MSW's service worker (and, in the last test, by the standalone HTTP mock).
// Run by node:test (`npm run test:browser`), not Jest: Vite's bundler (rolldown) fails its own type
// checks inside Jest's vm contexts ("Value is none of these types `BindingPluginOptions`...").
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { findChromium, isCi } from '../support/findChromium.ts'
import { type ServedApp, serveApp } from '../support/serveApp.ts'

const SCREENSHOT = fileURLToPath(new URL('../../reports/browser/app.png', import.meta.url))
const WAIT_MS = 10_000

const chromiumPath = findChromium()
const skip =
  !chromiumPath && !isCi()
    ? 'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
    : false
if (skip) console.warn(`SKIPPED the browser tests: ${skip}`)

describe('the example app in Chromium', { skip, timeout: 120_000 }, () => {
  let app: ServedApp
  let appUrl: string
  let browser: Browser
  let page: Page
  const consoleMessages: { type: string; text: string }[] = []

  before(async () => {
    app = await serveApp(chromiumPath, WAIT_MS)
    appUrl = app.appUrl
    browser = app.browser
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
    page.setDefaultTimeout(WAIT_MS)
    page.on('console', (message) => consoleMessages.push({ type: message.type(), text: message.text() }))
    page.on('pageerror', (error) => consoleMessages.push({ type: 'pageerror', text: error.message }))
    await page.goto(appUrl)
    await page.locator('body[data-ready="true"]').waitFor()
  })

  after(async () => {
    await app?.close()
  })

  test('the service worker answers /v1 and the page lists the 20 pets a page holds by default', async () => {
    assert.match((await page.getByTestId('source').textContent()) ?? '', /MSW/)
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    assert.equal(controller, `${appUrl}mockServiceWorker.js`)
    assert.equal(await rowCount(page), 20)
    assert.equal(await page.getByTestId('pet-count').textContent(), '20 pets')
    assert.equal(await page.getByRole('alert').isHidden(), true)
  })

  for (const status of ['sold', 'pending', 'available']) {
    test(`filtering by ${status} leaves only pets with that status`, async () => {
      await page.locator('#status-filter').selectOption(status)
      const rows = await waitForList(
        page,
        (rows) => rows.length > 0 && rows.every((row) => row.status === status),
      )
      assert.deepEqual(new Set(rows.map((row) => row.status)), new Set([status]))
    })
  }

  test('a created pet appears in the list', async () => {
    await page.locator('#status-filter').selectOption('pending')
    const before = await waitForList(page, (rows) => rows.every((row) => row.status === 'pending'))

    const form = page.locator('#add-pet')
    await form.getByLabel('Name').fill('Pickles from Chromium')
    await form.getByLabel('Category id').fill('7')
    await form.getByLabel('Status').selectOption('pending')
    await form.getByRole('button', { name: 'Add pet' }).click()

    const added = page.getByTestId('added').filter({ hasText: 'Added Pickles from Chromium' })
    assert.match((await added.textContent()) ?? '', /^Added Pickles from Chromium \(id \d+, pending\)\.$/)
    const after = await waitForList(page, (rows) => rows.some((row) => row.name === 'Pickles from Chromium'))
    assert.equal(after.length, before.length + 1)
  })

  test('a pet without a category shows the 400 message of the Error body', async () => {
    const form = page.locator('#add-pet')
    await form.getByLabel('Name').fill('No category')
    await form.getByRole('button', { name: 'Add pet' }).click()
    const alert = page.getByRole('alert').filter({ hasText: '(400)' })
    assert.match((await alert.textContent()) ?? '', /^Adding the pet failed \(400\): .*categoryId/)
  })

  test('fetching one pet uses the deprecated getPet: the page and the console both say so', async () => {
    const form = page.locator('#find-pet')
    await form.getByLabel('Id').fill('1')
    await form.getByRole('button', { name: 'Find' }).click()
    assert.match((await page.getByTestId('found').filter({ hasText: '#1 ' }).textContent()) ?? '', /^#1 \S/)
    assert.match(
      (await page.getByTestId('deprecation').textContent()) ?? '',
      /^This endpoint is deprecated and goes away on .+ GMT; use \/v1\/pets\.$/,
    )
    assert.equal(await page.getByRole('alert').isHidden(), true)
    const warnings = consoleMessages
      .filter((message) => message.type === 'warning')
      .map((message) => message.text)
    assert.ok(
      warnings.some((text) =>
        /^\[petstore mock\] GET \/v1\/pets\/1 is deprecated and is removed on .+; use /.test(text),
      ),
      `no deprecation warning in the console; warnings: ${JSON.stringify(warnings)}`,
    )
    await mkdir(join(SCREENSHOT, '..'), { recursive: true })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
  })

  test('an unknown pet id shows the 404 message of the Error body', async () => {
    const form = page.locator('#find-pet')
    await form.getByLabel('Id').fill('999999')
    await form.getByRole('button', { name: 'Find' }).click()
    const alert = page.getByRole('alert').filter({ hasText: '(404)' })
    assert.match((await alert.textContent()) ?? '', /^Fetching pet 999999 failed \(404\): \S/)
    assert.equal(await page.getByTestId('deprecation').isHidden(), true)
  })

  test('int64 categoryIds round-trip digit for digit through create, list and get in the service worker', async () => {
    // Raw text in and out, so nothing but the mock (its engine in this page, behind the worker) can round.
    const exchange = (digits: string) =>
      page.evaluate(async (categoryId) => {
        const headers = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' }
        const body = `{"name":"int64 ${categoryId}","categoryId":${categoryId},"status":"sold"}`
        const created = await fetch('/v1/pets', { method: 'POST', headers, body })
        const createdText = await created.text()
        const id = created.ok ? (JSON.parse(createdText) as { id: number }).id : 0
        const read = async (path: string) => (await fetch(path, { headers })).text()
        return {
          status: created.status,
          createdText,
          gotText: created.ok ? await read(`/v1/pets/${id}`) : '',
          listText: await read('/v1/pets?status=sold&limit=100'),
        }
      }, digits)
    for (const digits of ['9223372036854775807', '-9223372036854775808']) {
      const { status, createdText, gotText, listText } = await exchange(digits)
      assert.equal(status, 201, createdText)
      assert.ok(createdText.includes(`"categoryId":${digits},`), createdText)
      assert.equal(gotText, createdText)
      assert.ok(listText.includes(createdText), `the list does not hold ${createdText}`)
    }
    const beyond = await exchange('9223372036854775808')
    assert.equal(beyond.status, 400)
    assert.match(beyond.createdText, /"code":"invalid_body".*body\/categoryId must be a valid int64/)
  })

  test('a wrong API key shows the 401 state and no pets; the right key brings them back', async () => {
    await page.getByLabel('API key').fill('not-the-key')
    await page.getByLabel('API key').press('Tab')
    const alert = page.getByRole('alert').filter({ hasText: '(401)' })
    assert.equal(await alert.textContent(), 'Loading pets failed (401): Invalid API key.')
    assert.equal(await rowCount(page), 0)
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, '-401.png'), fullPage: true })

    await page.getByLabel('API key').fill('petstore-dev-key')
    await page.getByLabel('API key').press('Tab')
    await waitForList(page, (rows) => rows.length > 0)
    assert.equal(await page.getByRole('alert').isHidden(), true)
  })

  test('the page threw no uncaught errors', () => {
    assert.deepEqual(
      consoleMessages.filter((message) => message.type === 'pageerror'),
      [],
    )
  })

  describe('pointed at the HTTP mock with ?api=', () => {
    let mock: HttpMock
    let apiUrl: string
    const requests: string[] = []

    before(async () => {
      mock = createHttpMock({ log: (line) => requests.push(line) })
      apiUrl = await listen(mock, 0, '127.0.0.1')
    })

    after(async () => {
      mock?.server.closeAllConnections()
      await new Promise((resolve) => mock?.server.close(resolve))
    })

    test('the app lists the pets the HTTP mock serves, across origins (CORS)', async () => {
      // A fresh context: no service worker from the tests above controls this page.
      const context = await browser.newContext()
      try {
        const httpPage = await context.newPage()
        httpPage.setDefaultTimeout(WAIT_MS)
        mock.store.reset([{ id: 1, name: 'Only over HTTP', categoryId: 3, status: 'sold' }])
        await httpPage.goto(`${appUrl}?api=${encodeURIComponent(apiUrl)}`)
        await httpPage.locator('body[data-ready="true"]').waitFor()
        assert.equal(await httpPage.getByTestId('source').textContent(), `API at ${apiUrl}`)
        assert.deepEqual(await httpPage.locator('#pets tr').allTextContents(), ['1Only over HTTP3sold'])
        assert.equal(await httpPage.evaluate(() => navigator.serviceWorker.controller), null)
        assert.ok(
          requests.some((line) => /^GET \/v1\/pets\?limit=20 200 /.test(line)),
          `the HTTP mock saw: ${JSON.stringify(requests)}`,
        )
      } finally {
        await context.close()
      }
    })
  })
})

type Row = { name: string; status: string }

function rowCount(page: Page): Promise<number> {
  return page.locator('#pets tr').count()
}

/** Polls the rendered rows until `done` holds, for at most WAIT_MS; returns them. */
async function waitForList(page: Page, done: (rows: Row[]) => boolean): Promise<Row[]> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const rows = await page.locator('#pets tr').evaluateAll((elements) =>
      elements.map((row) => ({
        name: row.children[1]?.textContent ?? '',
        status: (row as HTMLElement).dataset.status ?? '',
      })),
    )
    if (done(rows)) return rows
    if (Date.now() > deadline)
      throw new Error(`the list never reached the expected state: ${JSON.stringify(rows)}`)
    await page.waitForTimeout(50)
  }
}
