// The coverage page in real Chromium: it shows the run's figures, and a document whose enum values
// hold markup cannot inject anything (every value is text; the CSP allows no script). Screenshot in
// reports/coverage/coverage.png.
import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { coverageHtml } from '../../coverage/coverageHtml.ts'
import { coverageOf } from '../../coverage/coverageOf.ts'
import { COVERAGE_GAUGES } from '../../coverage/coverageUniverse.ts'
import { defaultSpec, type PetStoreDocument } from '../../spec/runtime.ts'
import { CHROMIUM_ARGS, findChromium, isCi } from '../support/findChromium.ts'

const chromiumPath = findChromium()
const skip =
  !chromiumPath && !isCi()
    ? 'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
    : undefined
const OUT = join(import.meta.dirname, '..', '..', 'reports', 'coverage')
const HOSTILE = '<img src=x onerror="document.title=\'pwned\'">'

describe('the coverage page in Chromium', { skip, timeout: 120_000 }, () => {
  let browser: Browser
  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: 60_000 })
  })
  after(async () => {
    await browser?.close()
  })

  test('shows each dimension and item as text, runs nothing a document or target slips in', async () => {
    const document = structuredClone(defaultSpec().document) as PetStoreDocument
    const status = document.paths['/pets']?.get?.parameters?.find((p) => p.name === 'status')
    assert.ok(status, 'listPets has a status parameter')
    status.schema = { ...status.schema, enum: ['available', 'pending', 'sold', HOSTILE] }
    const coverage = coverageOf(document, [
      { method: 'GET', path: '/pets', query: [['status', 'sold']], status: 200 },
      { method: 'POST', path: '/pets', query: [], body: { name: 'Rex', categoryId: 1 }, status: 201 },
      { method: 'GET', path: '/pets/7', query: [], status: 418 },
    ])
    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } })
    const scripts: string[] = []
    page.on('dialog', (dialog) => scripts.push(dialog.message()))
    await page.setContent(coverageHtml(coverage, `http://127.0.0.1:4010/v1 ${HOSTILE}`))
    // The four dimensions and the two sets of statuses (documented-statuses, added-statuses).
    assert.equal(await page.locator('#dimensions tbody tr').count(), COVERAGE_GAUGES.length)
    assert.match((await page.locator('#dimensions').textContent()) ?? '', /documented-statuses/)
    assert.equal(await page.locator('#items tbody tr').count(), coverage.items.length)
    const never = await page.locator('#items tr.never').count()
    assert.equal(never, coverage.items.filter((item) => item.seen === 0).length)
    assert.match((await page.locator('#undocumented').textContent()) ?? '', /getPet 418 \(1x\)/)
    assert.match((await page.locator('#items').textContent()) ?? '', /status=<img src=x onerror=/)
    assert.equal(await page.locator('img').count(), 0)
    assert.notEqual(await page.title(), 'pwned')
    assert.deepEqual(scripts, [])
    await mkdir(OUT, { recursive: true })
    await page.screenshot({ path: join(OUT, 'coverage.png'), fullPage: true })
    await writeFile(join(OUT, 'coverage.html'), coverageHtml(coverage, 'the e2e test'))
    await page.close()
  })
})
