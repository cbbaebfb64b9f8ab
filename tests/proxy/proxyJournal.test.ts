// What the validating proxy keeps of the traffic it forwards: a bounded journal of the exchanges with
// their verdicts (`/__mock/requests`), as HAR 1.2 the schema accepts (`/__mock/requests.har`, with
// the ids the upstream assigned and the violations), and as coverage (`/__mock/coverage`, `.html`).
// Its own endpoints are answered, never forwarded, behind the mock's guards.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import type { Coverage } from '../../coverage/coverageOf.ts'
import { readHar } from '../../har/readHar.ts'
import {
  JOURNAL_BODY_CHARS,
  JOURNAL_PATH_CHARS,
  JOURNAL_QUERY_CHARS,
} from '../../kit/journal/journalEntry.ts'
import { createProxy } from '../../proxy/createProxy.ts'
import { PROXY_ENTRY_MAX_CHARS, type ProxiedEntry } from '../../proxy/proxyControl.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'
import { harValidator } from '../support/harValidator.ts'
import { sendRaw } from '../support/rawHttp.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'
import { KEY, startMock } from '../support/startMock.ts'

const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }

async function proxyTo(upstream: string, journalSize?: number) {
  const proxy = createProxy({
    upstream,
    spec: defaultSpec(),
    ...(journalSize === undefined ? {} : { journalSize }),
  })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
  return {
    proxy,
    origin,
    base: `${origin}/v1`,
    read: async <T>(path: string): Promise<T> => (await fetch(`${origin}/__mock/${path}`)).json() as T,
    close: () => new Promise((resolve) => proxy.server.close(resolve)),
  }
}

/** A frontend's session: list, filter, add, open what it added, open what is not there. */
async function browse(base: string): Promise<string> {
  await fetch(`${base}/pets`, { headers: auth })
  await fetch(`${base}/pets?status=sold&limit=5&access_token=s3cret-token`, { headers: auth })
  const created = await fetch(`${base}/pets`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Rex', categoryId: 2, status: 'sold' }),
  })
  const { id } = (await created.json()) as { id: number }
  await fetch(`${base}/pets/${id}`, { headers: auth })
  await fetch(`${base}/pets/999999`, { headers: auth })
  return String(id)
}

const verdicts = (report: Awaited<ReturnType<typeof runAgainstServer>>) =>
  report.results.filter((r) => r.check === 'replayed_interactions').map((r) => `${r.operation} ${r.outcome}`)

let mock: Awaited<ReturnType<typeof startMock>>
beforeAll(async () => {
  mock = await startMock()
})
afterAll(async () => {
  await mock.close()
})

describe("the proxy's journal, HAR and coverage", () => {
  test('in front of a conforming upstream: every exchange journaled, a valid HAR that replays and passes', async () => {
    const it = await proxyTo(`${mock.origin}/v1`)
    try {
      const id = await browse(it.base)
      const entries = await it.read<ProxiedEntry[]>('requests')
      expect(entries.map((e) => `${e.method} ${e.path} ${e.status} ${e.operation}`)).toEqual([
        'GET /v1/pets 200 listPets',
        'GET /v1/pets 200 listPets',
        'POST /v1/pets 201 createPet',
        `GET /v1/pets/${id} 200 getPet`,
        'GET /v1/pets/999999 404 getPet',
      ])
      expect(entries.every((e) => e.violations.length === 0 && e.ms >= 0)).toBe(true)
      expect(entries[1]?.query).toEqual({ status: 'sold', limit: '5', access_token: '***' })
      expect(entries[2]?.createdId).toBe(id)

      const text = await (await fetch(`${it.origin}/__mock/requests.har`)).text()
      const har = JSON.parse(text)
      const validate = await harValidator()
      expect(validate(har) ? [] : validate.errors).toEqual([])
      expect(har.log.entries[2]._createdId).toBe(id)
      expect(har.log.entries[2].request.postData.text).toBe('{"name":"Rex","categoryId":2,"status":"sold"}')
      // The upstream's answers, kept as the request bodies are: what `breaks` judges a next spec by.
      expect(JSON.parse(har.log.entries[2].response.content.text)).toMatchObject({
        id: Number(id),
        name: 'Rex',
      })
      // An Error's code shown (decisions/038-error-codes-shown.md).
      expect(JSON.parse(har.log.entries[4].response.content.text)).toMatchObject({
        code: 'not_found',
        status: 404,
      })
      expect(har.log.entries[0].request.headers).toContainEqual({
        name: 'Authorization',
        value: 'Bearer ***',
      })
      for (const secret of [KEY, 's3cret-token']) expect(text).not.toContain(secret)

      const coverage = await it.read<Coverage>('coverage')
      expect(coverage.dimensions.operations).toEqual({ covered: 3, total: 3, percent: 100 })
      expect(coverage.items.filter((i) => i.seen > 0).map((i) => `${i.operationId} ${i.key}`)).toEqual(
        expect.arrayContaining(['listPets status=sold', 'createPet 201', 'getPet 404']),
      )
      const page = await fetch(`${it.origin}/__mock/coverage.html`)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await page.text()).toContain('the traffic through the proxy to')

      // What the frontend did, replayed against a second implementation by the contract suite.
      const replayed = await runAgainstServer(createReferenceServer({ pets: 30, apiKey: 'replay-key' }), {
        apiKey: 'replay-key',
        replay: { exchanges: readHar(text), basePath: '/v1' },
      })
      expect(verdicts(replayed)).toEqual(['listPets pass', 'createPet pass', 'getPet pass'])
      expect(replayed.failed).toBe(false)
    } finally {
      await it.close()
    }
  }, 60_000)

  test('in front of a faulty upstream: the journal and the HAR carry the verdicts, and the replay fails', async () => {
    const upstream = createReferenceServer({ pets: 30, fault: 'ignores-status-filter', apiKey: KEY })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const it = await proxyTo(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`)
    try {
      await browse(it.base)
      const entries = await it.read<ProxiedEntry[]>('requests')
      // The invariant the page breaks, named as the suite names it (decisions/034).
      expect(entries[1]?.violations.map((v) => `${v.check} ${v.operation}`)).toEqual([
        'page_matches_filter listPets',
      ])
      const har = await (await fetch(`${it.origin}/__mock/requests.har`)).json()
      expect(har.log.entries[1]._violations[0]).toEqual({
        check: 'page_matches_filter',
        level: 'required',
        message: expect.stringMatching(/status/),
      })
      const replayed = await runAgainstServer(
        createReferenceServer({ pets: 30, fault: 'ignores-status-filter', apiKey: 'replay-key' }),
        { apiKey: 'replay-key', replay: { exchanges: readHar(JSON.stringify(har)), basePath: '/v1' } },
      )
      expect(verdicts(replayed)).toContain('listPets fail')
      expect(replayed.failed).toBe(true)
    } finally {
      await it.close()
      upstream.closeAllConnections()
      await new Promise((resolve) => upstream.close(resolve))
    }
  }, 60_000)

  test('the journal keeps the newest N exchanges, each bounded, with no credential in clear', async () => {
    const it = await proxyTo(`${mock.origin}/v1`, 5)
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            path: fc.string({ unit: 'grapheme', maxLength: 2_000 }),
            name: fc.string({ maxLength: 9_000 }),
            secretName: fc.constantFrom('password', 'token', 'api_key', 'sig', 'session'),
          }),
          async ({ path, name, secretName }) => {
            const query = `?${secretName}=hunter2-${KEY}&q=${encodeURIComponent(path)}&limit=${KEY}&status=${KEY}`
            await fetch(`${it.base}/pets/${encodeURIComponent(path)}${query}`, { headers: auth })
            await fetch(`${it.base}/pets${query}`, { headers: auth })
            await fetch(`${it.base}/pets${query}`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ name: `${name}${KEY}`, categoryId: 1 }),
            })
          },
        ),
        { numRuns: 15 },
      )
      const text = await (await fetch(`${it.origin}/__mock/requests`)).text()
      const entries = JSON.parse(text) as ProxiedEntry[]
      expect(entries).toHaveLength(5)
      expect(text).not.toContain(KEY)
      expect(text).not.toContain('hunter2')
      // The worst shape of one entry: the longest path, query and body, each message at its bound. A
      // parameter repeated 1,500 times is one violation (decisions/037: the one reader names it once);
      // the per-exchange cap is held in proxy/trafficJudge.test.ts.
      const longName = 'n'.repeat(100_000)
      await fetch(`${it.base}/pets/${'x'.repeat(2_000)}?${'q=x&'.repeat(1_500)}`, { headers: auth })
      await fetch(`${it.base}/pets?${'limit=x&'.repeat(1_500)}`, { headers: auth })
      await fetch(`${it.base}/pets?${'status=x&'.repeat(1_500)}`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: longName, categoryId: 'x'.repeat(100_000) }),
      })
      const worst = (await (await fetch(`${it.origin}/__mock/requests`)).json()) as ProxiedEntry[]
      expect(worst.at(-2)?.violations.map((v) => v.check)).toEqual(['request_conformance'])
      for (const entry of [...entries, ...worst]) {
        expect(entry.path.length).toBeLessThanOrEqual(JOURNAL_PATH_CHARS + 1)
        expect((entry.body ?? '').length).toBeLessThanOrEqual(JOURNAL_BODY_CHARS + 1)
        expect(JSON.stringify(entry).length).toBeLessThanOrEqual(PROXY_ENTRY_MAX_CHARS)
      }
      // What the proxy shows of the violations hides the same secrets, and is bounded too.
      const found = await (await fetch(`${it.origin}/__mock/violations`)).text()
      expect(found).not.toContain(KEY)
      expect(found).not.toContain('hunter2')
      const har = await (await fetch(`${it.origin}/__mock/requests.har`)).text()
      expect(har).not.toContain(KEY)
      expect(har).not.toContain('hunter2')
      for (const violation of (JSON.parse(found) as { violations: Array<{ request: string }> }).violations)
        expect(violation.request.length).toBeLessThanOrEqual(JOURNAL_PATH_CHARS + JOURNAL_QUERY_CHARS + 16)
    } finally {
      await it.close()
    }
  }, 60_000)
})

describe("the proxy's own endpoints", () => {
  let it: Awaited<ReturnType<typeof proxyTo>>
  beforeAll(async () => {
    it = await proxyTo(`${mock.origin}/v1`)
  })
  afterAll(async () => {
    await it.close()
  })

  test('are answered by the proxy, never forwarded: an unknown one is a 404 and a wrong method a 405, with Error bodies', async () => {
    await mock.control('DELETE', 'requests')
    const unknown = await fetch(`${it.origin}/__mock/reset`, { method: 'POST', headers: auth, body: '[]' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      code: 'route_not_found',
      message: expect.any(String),
      status: 404,
    })
    const wrong = await fetch(`${it.origin}/__mock/violations`, { method: 'PUT', headers: auth })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, DELETE')
    expect((await wrong.json()).code).toBe('method_not_allowed')
    expect(await (await mock.control('GET', 'requests')).json()).toEqual([])
  })

  test('refuse a cross-site write and a Host they do not serve, as the mock does', async () => {
    const fromPage = await fetch(`${it.origin}/__mock/violations`, {
      method: 'DELETE',
      headers: { origin: 'http://evil.example' },
    })
    expect(fromPage.status).toBe(403)
    expect((await fromPage.json()).code).toBe('cross_site_request')
    const plain = await fetch(`${it.origin}/__mock/requests`, {
      method: 'DELETE',
      headers: { 'content-type': 'text/plain' },
    })
    expect(plain.status).toBe(403)
    const json = await fetch(`${it.origin}/__mock/requests`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    })
    expect(json.status).toBe(204)
    const rebound = await sendRaw(
      Number(new URL(it.origin).port),
      'GET /__mock/violations HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n',
    )
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('"code":"host_not_allowed"')
  })

  test('the page is HTML under a CSP, and /__mock/requests answers 304 until something changes', async () => {
    const page = await fetch(`${it.origin}/__mock/`)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-/)
    expect(await page.text()).toContain('id="violation-total"')
    const first = await fetch(`${it.origin}/__mock/requests`)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    const same = await fetch(`${it.origin}/__mock/requests`, { headers: { 'if-none-match': etag } })
    expect(same.status).toBe(304)
    await fetch(`${it.base}/pets/1`, { headers: auth })
    const changed = await fetch(`${it.origin}/__mock/requests`, { headers: { 'if-none-match': etag } })
    expect(changed.status).toBe(200)
  })
})
