// Several Playwright contexts in real Chromium share one HTTP mock, each in its own session
// (X-Mock-Session), creating and resetting at the same time: none sees another's pets or resets.
// The pages live on another origin (localhost vs 127.0.0.1), so every call is a CORS request whose
// preflight must allow the header. Run by node:test (`npm run test:e2e`), like the example app's test.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { seedPets } from '../../fixtures/seedPets.ts'
import type { JournalEntry } from '../../kit/journal/RequestJournal.ts'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { CHROMIUM_ARGS, chromiumSkip, findChromium } from '../support/findChromium.ts'

const WORKERS = 4
const ROUNDS = 4
const PETS_PER_ROUND = 3
const WAIT_MS = 20_000

const chromiumPath = findChromium()
const skip = chromiumSkip('the parallel sessions test')

/** A page on its own origin that only exists to make cross-origin calls from. */
function startAppOrigin(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>app</title><p>an app under test</p>')
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') throw new Error('not listening on TCP')
      resolve({ server, url: `http://localhost:${address.port}/` })
    }),
  )
}

/** Calls the mock from inside the page (the browser's fetch, CORS and all) as one session. */
async function call(
  page: Page,
  url: string,
  session: string,
  init: { method?: string; body?: unknown } = {},
) {
  return page.evaluate(
    async ({ url, session, method, body }) => {
      const response = await fetch(url, {
        method: method ?? 'GET',
        headers: {
          authorization: 'Bearer petstore-dev-key',
          'content-type': 'application/json',
          'x-mock-session': session,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
    },
    { url, session, method: init.method, body: init.body },
  )
}

describe('parallel Playwright contexts, one HTTP mock, one session each', { skip, timeout: 180_000 }, () => {
  let browser: Browser
  let mock: HttpMock
  let apiUrl: string
  let mockOrigin: string
  let app: { server: Server; url: string }

  before(async () => {
    if (!chromiumPath)
      throw new Error('CI is set and `chromium` is not installed: apt-get install -y chromium')
    mock = createHttpMock({ selfCheck: true })
    apiUrl = await listen(mock, 0, '127.0.0.1')
    mockOrigin = apiUrl.replace(/\/v1$/, '')
    app = await startAppOrigin()
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, timeout: WAIT_MS })
  })

  after(async () => {
    await browser?.close()
    mock?.server.closeAllConnections()
    await new Promise((resolve) => mock?.server.close(resolve))
    app?.server.closeAllConnections()
    await new Promise((resolve) => app?.server.close(resolve))
  })

  test(`${WORKERS} contexts create and reset at the same time without seeing each other`, async () => {
    const seedNames = seedPets.map((pet) => pet.name)
    const defaultBefore = mock.store.snapshot()

    async function worker(index: number) {
      const session = `worker-${index}`
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        page.setDefaultTimeout(WAIT_MS)
        await page.goto(app.url)
        let mine: string[] = []
        let callsSinceReset = 0
        const names = async () => {
          callsSinceReset++
          const listed = await call(page, `${apiUrl}/pets?limit=100`, session)
          assert.equal(listed.status, 200)
          return (listed.body as { name: string }[]).map((pet) => pet.name)
        }
        assert.equal(
          (await call(page, `${mockOrigin}/__mock/reset`, session, { method: 'POST' })).status,
          200,
        )
        for (let round = 0; round < ROUNDS; round++) {
          // Every other round starts with a reset, while the other workers are mid-round.
          if ((round + index) % 2 === 1) {
            const reset = await call(page, `${mockOrigin}/__mock/reset`, session, { method: 'POST' })
            assert.equal(reset.status, 200)
            mine = []
            callsSinceReset = 0
            assert.deepEqual(await names(), seedNames, `${session} after its reset in round ${round}`)
          }
          const created = await Promise.all(
            Array.from({ length: PETS_PER_ROUND }, (_, n) =>
              call(page, `${apiUrl}/pets`, session, {
                method: 'POST',
                body: { name: `${session} round ${round} pet ${n}`, categoryId: index + 1 },
              }),
            ),
          )
          callsSinceReset += created.length
          for (const response of created) assert.equal(response.status, 201)
          mine.push(...created.map((response) => (response.body as { name: string }).name))
          const listed = await names()
          assert.deepEqual(
            listed.slice(0, seedNames.length),
            seedNames,
            `${session} round ${round}: seed intact`,
          )
          assert.deepEqual(
            new Set(listed.slice(seedNames.length)),
            new Set(mine),
            `${session} round ${round}: exactly its own pets`,
          )
        }
        // Its journal holds exactly its own calls since its last reset, and nobody else's.
        const journal = await call(page, `${mockOrigin}/__mock/requests`, session)
        const entries = journal.body as JournalEntry[]
        assert.equal(entries.length, callsSinceReset, `${session}: ${JSON.stringify(entries)}`)
        for (const entry of entries) {
          if (entry.method === 'POST') assert.deepEqual([entry.operation, entry.status], ['createPet', 201])
          else assert.deepEqual([entry.operation, entry.query], ['listPets', { limit: '100' }])
        }
        return { session, mine }
      } finally {
        await context.close()
      }
    }

    const results = await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)))
    // The default session (no header) saw none of it.
    assert.deepEqual(mock.store.snapshot(), defaultBefore)
    // Each session still holds exactly what its worker created after its last reset.
    for (const { session, mine } of results) {
      const pets = [...(mock.sessions.peek(session)?.store.snapshot() ?? [])].map((pet) => pet.name)
      assert.deepEqual(pets.slice(seedNames.length).sort(), [...mine].sort(), session)
    }
    assert.equal(mock.sessions.list().length, WORKERS)
  })

  test("Playwright's extraHTTPHeaders put every call of a context in its session, the app unchanged", async () => {
    // What docs/sessions.md suggests for a Playwright config: the app's own fetch sends no header.
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-mock-session': 'from-config' } })
    try {
      const page = await context.newPage()
      await page.goto(app.url)
      const created = await page.evaluate(async (url) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Made by an unchanged app', categoryId: 1 }),
        })
        return response.status
      }, `${apiUrl}/pets`)
      assert.equal(created, 201)
      const names = mock.sessions
        .peek('from-config')
        ?.store.snapshot()
        .map((pet) => pet.name)
      assert.equal(names?.at(-1), 'Made by an unchanged app')
      assert.ok(!mock.store.snapshot().some((pet) => pet.name === 'Made by an unchanged app'))
    } finally {
      await context.close()
    }
  })
})
