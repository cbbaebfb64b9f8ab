// The run's HTML page (contract-tests/report/toHtmlReport.ts) in real Chromium, for a failing run
// against a server whose first pet is named with markup: the failures come before the warnings,
// the key is explained before the first curl line, and nothing the server sent runs. Screenshot in
// reports/contract/report.png.
import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import { toHtmlReport } from '../../contract-tests/report/toHtmlReport.ts'
import { failingRun } from '../support/failingRun.ts'
import { CHROMIUM_ARGS, chromiumSkip, findChromium } from '../support/findChromium.ts'

const chromiumPath = findChromium()
const skip = chromiumSkip('the contract report page test')
const OUT = join(import.meta.dirname, '..', '..', 'reports', 'contract')
const HOSTILE = `<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`

describe('the contract report page in Chromium', { skip, timeout: 120_000 }, () => {
  let browser: Browser
  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: 60_000 })
  })
  after(async () => {
    await browser?.close()
  })

  test('failures before warnings, with curl lines; the server’s markup is text and runs nothing', async () => {
    const run = await failingRun({ firstPetName: HOSTILE })
    await run.close()
    const html = toHtmlReport(run.report, { apiKeyFrom: 'flag' })
    const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } })
    const ran: string[] = []
    page.on('dialog', (dialog) => ran.push(dialog.message()))
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && request.url() !== 'about:blank') ran.push(request.url())
    })
    await page.setContent(html)
    assert.equal(await page.locator('#result').textContent(), 'FAILED')
    // Failures first: the warnings section follows the failures section in the document.
    const order = await page.evaluate(() => {
      const failures = document.querySelector('#failures')
      const warnings = document.querySelector('#warnings')
      return failures && warnings ? failures.compareDocumentPosition(warnings) : 0
    })
    assert.equal(order & 4, 4, 'DOCUMENT_POSITION_FOLLOWING: #warnings after #failures')
    assert.match(
      (await page.locator('#failures h2').textContent()) ?? '',
      /^\d+ failures? \(required rules\)$/,
    )
    assert.match((await page.locator('#warnings h2').textContent()) ?? '', /^\d+ warnings? \(recommended/)
    assert.ok((await page.locator('#failures pre.curl').count()) > 0, 'failures carry their curl lines')
    assert.match((await page.locator('p.key').textContent()) ?? '', /read -rs PETSTORE_API_KEY/)
    // The server's markup shown as text, and nothing of it run or loaded.
    assert.match((await page.locator('#failures').textContent()) ?? '', /<img src=x onerror=/)
    assert.equal(await page.locator('img, script, #failures svg').count(), 0)
    assert.notEqual(await page.title(), 'pwned')
    assert.deepEqual(ran, [])
    assert.ok((await page.locator('#dimensions tbody tr').count()) > 0, 'the coverage table')
    assert.match((await page.locator('#footprint').textContent()) ?? '', /^Footprint: \d+ pets? created/)
    await mkdir(OUT, { recursive: true })
    await page.screenshot({ path: join(OUT, 'report.png'), fullPage: false })
    await writeFile(join(OUT, 'report.e2e.html'), html)
    await page.close()
  })
})
