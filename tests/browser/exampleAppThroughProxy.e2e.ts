// The example app in real Chromium, pointed (with ?api=) at the validating proxy instead of the real
// service: in front of a conforming upstream (the HTTP mock) it reports nothing; in front of
// independent implementations with one fault each, the proxy's page and /__mock/violations name the
// fault. The conforming run's traffic, exported as HAR, is replayed with the real
// `petstore-contract --replay` against the mock (passes) and against a faulty server (fails, naming
// the check), and its coverage is written to reports/app-e2e/ (CI prints it).
// Run by node:test (`npm run test:browser`), like app.e2e.ts.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { createProxy } from '../../proxy/createProxy.ts'
import type { ProxiedEntry } from '../../proxy/proxyControl.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { findChromium, isCi } from '../support/findChromium.ts'
import { type ServedApp, serveApp } from '../support/serveApp.ts'

const REPORTS = fileURLToPath(new URL('../../reports/app-e2e/', import.meta.url))
const CONTRACT_CLI = fileURLToPath(new URL('../../contract-tests/cli.ts', import.meta.url))
const KEY = 'petstore-dev-key'
const WAIT_MS = 10_000
const run = promisify(execFile)

/** Faults the app's own traffic shows, and the check and operation the proxy must name for each. */
const FAULTS: ReadonlyArray<readonly [Fault, string, string]> = [
  ['ignores-status-filter', 'page_matches_filter', 'listPets'],
  ['drops-submitted-name', 'interface_model', 'createPet'],
  ['create-answers-200', 'status_code_conformance', 'createPet'],
  ['error-without-code', 'response_schema_conformance', 'getPet'],
]

const chromiumPath = findChromium()
const skip =
  !chromiumPath && !isCi()
    ? 'no `chromium` on PATH (apt-get install -y chromium, or set CHROMIUM_PATH); in CI (CI=true) this fails instead'
    : false
if (skip) console.warn(`SKIPPED the proxy browser tests: ${skip}`)

type Closable = { close(callback: () => void): unknown; closeAllConnections(): void }
const stop = (server: Closable) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

async function listening(
  server: Closable & { listen(port: number, host: string, cb: () => void): unknown; address(): unknown },
) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A proxy on a free port in front of `upstream` (an origin); its origin and a way to read it. */
async function proxyIn(frontOf: string) {
  const proxy = createProxy({ upstream: `${frontOf}/v1`, spec: defaultSpec() })
  const origin = await listening(proxy.server)
  const requests = async () =>
    ((await (await fetch(`${origin}/__mock/requests`)).json()) as ProxiedEntry[]).filter(
      (entry) => entry.method !== 'OPTIONS',
    )
  return { proxy, origin, requests, close: () => stop(proxy.server) }
}

describe('the example app through the validating proxy, in Chromium', { skip, timeout: 240_000 }, () => {
  let app: ServedApp
  let appUrl: string
  let browser: Browser

  before(async () => {
    app = await serveApp(chromiumPath, WAIT_MS)
    appUrl = app.appUrl
    browser = app.browser
    await mkdir(REPORTS, { recursive: true })
  })

  after(async () => {
    await app?.close()
  })

  /**
   * What a user does in the app, through the proxy at `proxyOrigin`: open it, filter by sold, add a
   * pet, find pet 1, find a pet that is not there. Waits for each step's requests to reach the proxy.
   */
  async function useTheApp(proxy: Awaited<ReturnType<typeof proxyIn>>): Promise<void> {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(WAIT_MS)
      const seen = async (method: string, path: string) => {
        const deadline = Date.now() + WAIT_MS
        while (!(await proxy.requests()).some((r) => r.method === method && r.path === path)) {
          if (Date.now() > deadline) throw new Error(`the proxy never saw ${method} ${path}`)
          await page.waitForTimeout(50)
        }
      }
      await page.goto(`${appUrl}?api=${encodeURIComponent(`${proxy.origin}/v1`)}`)
      await page.locator('body[data-ready="true"]').waitFor()
      await seen('GET', '/v1/pets')
      await page.locator('#status-filter').selectOption('sold')
      const form = page.locator('#add-pet')
      await form.getByLabel('Name').fill('Through the proxy')
      await form.getByLabel('Category id').fill('7')
      await form.getByLabel('Status').selectOption('pending')
      await form.getByRole('button', { name: 'Add pet' }).click()
      await seen('POST', '/v1/pets')
      const find = page.locator('#find-pet')
      for (const id of ['1', '999999']) {
        await find.getByLabel('Id').fill(id)
        await find.getByRole('button', { name: 'Find' }).click()
        await seen('GET', `/v1/pets/${id}`)
      }
      // A create that worked reloads the list: wait for it too, so the journal is complete.
      await page.waitForTimeout(200)
    } finally {
      await context.close()
    }
  }

  /** The proxy's page, as a user opens it: the total and the rows of violations. */
  async function proxyPage(origin: string, screenshot?: string) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
    try {
      page.setDefaultTimeout(WAIT_MS)
      await page.goto(`${origin}/__mock/`)
      await page.locator('body[data-ready="true"]').waitFor()
      const total = Number(await page.getByTestId('violation-total').textContent())
      const rows = await page
        .locator('#violations tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')))
      const flagged = await page.locator('#requests tr[data-violated]').count()
      const noneShown = await page.locator('#no-violations').isVisible()
      if (screenshot) await page.screenshot({ path: join(REPORTS, screenshot), fullPage: true })
      return { total, rows, flagged, noneShown }
    } finally {
      await page.close()
    }
  }

  test('in front of a conforming upstream: no violation; the HAR replays against the mock and fails against a faulty server', async () => {
    const upstream = createHttpMock()
    const upstreamBase = await listen(upstream, 0, '127.0.0.1')
    const proxy = await proxyIn(upstreamBase.replace(/\/v1$/, ''))
    try {
      await useTheApp(proxy)
      const requests = await proxy.requests()
      const lines = requests.map(
        (r) => `${r.method} ${r.path}${r.query.status ? `?status=${r.query.status}` : ''} ${r.status}`,
      )
      for (const line of [
        'GET /v1/pets 200',
        'GET /v1/pets?status=sold 200',
        'POST /v1/pets 201',
        'GET /v1/pets/1 200',
        'GET /v1/pets/999999 404',
      ])
        assert.ok(lines.includes(line), `the proxy did not see ${line}: ${JSON.stringify(lines)}`)
      const violations = (await (await fetch(`${proxy.origin}/__mock/violations`)).json()) as {
        total: number
      }
      assert.equal(violations.total, 0, JSON.stringify(violations))
      const shown = await proxyPage(proxy.origin, 'proxy-conforming.png')
      assert.deepEqual([shown.total, shown.rows.length, shown.flagged, shown.noneShown], [0, 0, 0, true])

      // The traffic as HAR, its coverage (the CI job prints it), and the coverage page in Chromium.
      const harFile = join(REPORTS, 'app.har')
      await writeFile(harFile, await (await fetch(`${proxy.origin}/__mock/requests.har`)).text())
      const coverage = await run(process.execPath, [
        CONTRACT_CLI,
        'coverage',
        harFile,
        '--json',
        join(REPORTS, 'coverage.json'),
        '--min-coverage',
        'operations=100',
      ])
      assert.match(coverage.stdout, /^ {2}operations {6}3\/3 {4}100%$/m)
      const coveragePage = await browser.newPage()
      await coveragePage.goto(`${proxy.origin}/__mock/coverage.html`)
      assert.match((await coveragePage.locator('h1').textContent()) ?? '', /[Cc]overage/)
      await coveragePage.screenshot({ path: join(REPORTS, 'coverage.png'), fullPage: true })
      await coveragePage.close()

      // The same interactions replayed by the contract suite's CLI: a fresh mock passes...
      const target = createHttpMock()
      const targetBase = await listen(target, 0, '127.0.0.1')
      const passed = await run(process.execPath, [
        CONTRACT_CLI,
        '--replay',
        harFile,
        '--base-url',
        targetBase,
        '--api-key',
        KEY,
        // Every check by name: a passing run in CI prints the short log, which names none.
        '--verbose',
      ]).finally(() => stop(target.server))
      assert.match(passed.stdout, /PASS {2}replayed_interactions/)
      assert.match(passed.stdout, /^Result: conforms$/m)
      // ...and a server whose list ignores the status filter fails, naming the check.
      const faulty = createReferenceServer({ pets: 30, fault: 'ignores-status-filter', apiKey: KEY })
      const faultyOrigin = await listening(faulty)
      const failed = await run(process.execPath, [
        CONTRACT_CLI,
        '--replay',
        harFile,
        '--base-url',
        `${faultyOrigin}/v1`,
        '--api-key',
        KEY,
      ])
        .then(() => assert.fail('the replay passed against a server that ignores the status filter'))
        .catch((error: { code?: number; stdout?: string }) => error)
        .finally(() => stop(faulty))
      assert.equal(failed.code, 1)
      // Its failure under its name and level, in the short log (CI) and the long one alike.
      assert.match(failed.stdout ?? '', /^replayed_interactions \[required\] listPets: \d+ findings?/m)
    } finally {
      await proxy.close()
      await stop(upstream.server)
    }
  })

  for (const [fault, check, operation] of FAULTS)
    test(`in front of an upstream with the fault ${fault}: ${check} on ${operation}, on the page and at /__mock/violations`, async () => {
      const upstream = createReferenceServer({ pets: 30, fault, apiKey: KEY, cors: true })
      const proxy = await proxyIn(await listening(upstream))
      try {
        await useTheApp(proxy)
        const report = (await (await fetch(`${proxy.origin}/__mock/violations`)).json()) as {
          violations: Array<{ check: string; operation: string; level: string }>
        }
        assert.ok(
          report.violations.some(
            (v) => v.check === check && v.operation === operation && v.level === 'required',
          ),
          JSON.stringify(report.violations),
        )
        const shown = await proxyPage(proxy.origin, `proxy-${fault}.png`)
        assert.equal(shown.total, report.violations.length)
        assert.equal(shown.noneShown, false)
        assert.ok(shown.flagged > 0)
        assert.ok(
          shown.rows.some((cells) => cells[1] === check && cells[3] === operation),
          JSON.stringify(shown.rows),
        )
      } finally {
        await proxy.close()
        await stop(upstream)
      }
    })
})
