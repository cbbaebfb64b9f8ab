// The inspector page (/__mock/) in real Chromium: it shows the session's pets and its live journal,
// its reset button works, its buttons (one per documented error status, read from the spec) force
// the next response, and a pet name made of HTML stays text. Keeps a screenshot in reports/inspector/.
import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import { seedPets } from '../../fixtures/seedPets.ts'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { forceableOperations } from '../../mocks/server/nextResponse.ts'
import { openApiDocument } from '../../spec/runtime.ts'
import { CHROMIUM_ARGS, chromiumSkip, findChromium } from '../support/findChromium.ts'

const SCREENSHOT = fileURLToPath(new URL('../../reports/inspector/inspector.png', import.meta.url))
const WAIT_MS = 15_000
const SESSION = 'inspect-me'
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">'

const chromiumPath = findChromium()
const skip = chromiumSkip('the inspector page test')

describe('the inspector page in Chromium', { skip, timeout: 120_000 }, () => {
  let browser: Browser
  let mock: HttpMock
  let apiUrl: string
  let page: Page
  const problems: string[] = []

  /** The app under test, as seen by the mock: a call in the inspected session. */
  const appCall = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: 'Bearer petstore-dev-key',
        'content-type': 'application/json',
        'x-mock-session': SESSION,
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    })

  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    mock = createHttpMock({ selfCheck: true })
    apiUrl = await listen(mock, 0, '127.0.0.1')
    for (const name of ['Biscuit from the app', HOSTILE_NAME]) {
      assert.equal((await appCall('/pets', { method: 'POST', body: { name, categoryId: 2 } })).status, 201)
    }
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: WAIT_MS })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.setDefaultTimeout(WAIT_MS)
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`)
      void dialog.dismiss()
    })
    await page.goto(`${apiUrl.replace(/\/v1$/, '')}/__mock/?session=${SESSION}`)
    await page.locator('body[data-ready="true"]').waitFor()
  })

  after(async () => {
    await browser?.close()
    mock?.server.closeAllConnections()
    await new Promise((resolve) => mock?.server.close(resolve))
  })

  test("shows the session's pets, newest first, the hostile name as text", async () => {
    assert.equal(await page.locator('#session-name').textContent(), SESSION)
    const rows = await page.getByTestId('pet').allTextContents()
    assert.equal(rows.length, seedPets.length + 2)
    const firstRowCells = await page.getByTestId('pet').first().locator('td').allTextContents()
    assert.deepEqual(firstRowCells, [String(seedPets.length + 2), HOSTILE_NAME, '2', 'available'])
    assert.equal(await page.locator('#pets img').count(), 0)
    assert.equal(await page.locator('img').count(), 0)
    assert.equal(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined)
    assert.equal(await page.locator('#pet-count').textContent(), `${seedPets.length + 2} pets`)
  })

  test('has one button per documented error status of each operation, read from the spec', async () => {
    const shown = await page
      .locator('#forceable button')
      .evaluateAll((buttons) =>
        buttons.map(
          (button) =>
            `${(button as HTMLElement).dataset.operation} ${(button as HTMLElement).dataset.status}`,
        ),
      )
    const documented = forceableOperations(openApiDocument).flatMap((choice) =>
      choice.statuses.map((status) => `${choice.operation} ${status}`),
    )
    assert.deepEqual(shown, documented)
  })

  test('the journal shows what the app sends, live', async () => {
    assert.equal((await appCall('/pets?limit=3&status=sold')).status, 200)
    const row = page.getByTestId('request').filter({ hasText: '/v1/pets?limit=3&status=sold' })
    await row.waitFor()
    assert.deepEqual((await row.locator('td').allTextContents()).slice(1), [
      'GET',
      '/v1/pets?limit=3&status=sold',
      '200',
      'listPets',
      '',
    ])
    const creates = page.getByTestId('request').filter({ hasText: 'createPet' })
    assert.equal(await creates.count(), 2)
    // What the app sent is shown too: the body of each create.
    assert.match(
      (await creates.last().locator('td').nth(5).textContent()) ?? '',
      /"name":"Biscuit from the app"/,
    )
  })

  test('a body shows readably: 46 characters take at most 2 lines, not one character a line', async () => {
    const body = { name: 'A dog, a long name!!', categoryId: 2 }
    const text = JSON.stringify(body)
    assert.equal(text.length, 46)
    assert.equal((await appCall('/pets', { method: 'POST', body })).status, 201)
    const cell = page.getByTestId('request').filter({ hasText: text }).locator('td').nth(5)
    await cell.waitFor()
    const lines = await cell.evaluate((element) => {
      const style = getComputedStyle(element)
      const content =
        element.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)
      return Math.round(content / Number.parseFloat(style.lineHeight))
    })
    assert.ok(lines >= 1 && lines <= 2, `the 46-character body takes ${lines} lines`)
  })

  test('while nothing changes, its polls are answered 304 Not Modified (no body)', async () => {
    const statuses: number[] = []
    const listener = (response: { url(): string; status(): number }) => {
      if (/\/__mock\/(session|requests)$/.test(response.url())) statuses.push(response.status())
    }
    page.on('response', listener)
    await page.waitForTimeout(2_500)
    page.off('response', listener)
    assert.ok(statuses.includes(304), `statuses seen: ${statuses.join(', ')}`)
  })

  test('time in UTC everywhere; counts in the singular for one', async () => {
    assert.match(
      (await page.locator('#updated').textContent()) ?? '',
      /^updated \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    )
    assert.equal(await page.locator('th').filter({ hasText: 'time (UTC)' }).count(), 1)
  })

  test('a force button makes the next call of that operation fail, once', async () => {
    await page.getByRole('button', { name: 'Force 401 on the next listPets' }).click()
    await page.getByTestId('pending').filter({ hasText: 'listPets → 401' }).waitFor()
    const forced = await appCall('/pets')
    assert.equal(forced.status, 401)
    assert.match(((await forced.json()) as { message: string }).message, /next-response/)
    assert.equal((await appCall('/pets')).status, 200)
    const forcedRow = page.getByTestId('request').and(page.locator('[data-status="401"]')).first()
    await forcedRow.waitFor()
    assert.equal(await forcedRow.getAttribute('data-forced'), 'next-response')
    assert.equal(await forcedRow.locator('td').nth(3).textContent(), '401 forced (next-response)')
    await page.getByTestId('pending').filter({ hasText: 'nothing forced' }).waitFor()
    // A wide journal (bodies, a forced status) scrolls in its box; the page stays as wide as the window.
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    assert.ok((widths[0] ?? 0) <= (widths[1] ?? 0), `page ${widths[0]} px wide in a ${widths[1]} px window`)
    await mkdir(dirname(SCREENSHOT), { recursive: true })
    await page.screenshot({ path: SCREENSHOT, fullPage: true })
  })

  test('a forced status from a button and the session stay apart from the default session', async () => {
    await page.getByRole('button', { name: 'Force 404 on the next getPet' }).click()
    await page.getByTestId('pending').filter({ hasText: 'getPet → 404' }).waitFor()
    const inDefault = await fetch(`${apiUrl}/pets/1`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    })
    assert.equal(inDefault.status, 200)
    assert.equal((await appCall('/pets/1')).status, 404)
  })

  test('the reset button returns the session to the seed and empties its journal', async () => {
    await page.getByRole('button', { name: 'Reset session' }).click()
    await page
      .locator('#pet-count')
      .filter({ hasText: `${seedPets.length} pets` })
      .waitFor()
    assert.equal(await page.getByTestId('pet').count(), seedPets.length)
    assert.equal(await page.getByTestId('request').count(), 0)
    assert.equal(await page.getByText(HOSTILE_NAME).count(), 0)
    assert.equal(mock.store.size, seedPets.length)
    assert.equal((await appCall('/pets')).status, 200)
    await page
      .locator('#request-count')
      .filter({ hasText: /^1 request, newest first$/ })
      .waitFor()
  })

  test('lists the live sessions as links, a hostile session name as text, and opens one', async () => {
    const hostileSession = '<b>bold</b>"onmouseover=alert(1)'
    const created = await fetch(`${apiUrl}/pets`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer petstore-dev-key',
        'content-type': 'application/json',
        'x-mock-session': hostileSession,
      },
      body: JSON.stringify({ name: 'In the hostile session', categoryId: 5 }),
    })
    assert.equal(created.status, 201)
    const link = page.getByTestId('session-link').filter({ hasText: hostileSession })
    await link.waitFor()
    assert.equal(await link.textContent(), hostileSession)
    assert.equal(await page.locator('#sessions b').count(), 0)
    assert.equal(
      await page.getByTestId('session-link').filter({ hasText: SESSION }).getAttribute('aria-current'),
      'page',
    )
    await link.click()
    await page.locator('#session-name').filter({ hasText: hostileSession }).waitFor()
    await page.getByTestId('pet').filter({ hasText: 'In the hostile session' }).waitFor()
    await page.getByTestId('session-link').filter({ hasText: '(default)' }).click()
    await page.locator('#session-name').filter({ hasText: 'default' }).waitFor()
    assert.equal(await page.getByTestId('pet').count(), seedPets.length)
  })

  test('the page raised no errors, dialogs or CSP violations', () => {
    assert.deepEqual(problems, [])
  })
})
