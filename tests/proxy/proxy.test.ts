// The validating proxy between a frontend and the real service: traffic through it to a conforming
// upstream (the HTTP mock) is forwarded unchanged with no violation; through it to faulty upstreams
// each fault is reported (log, header, /__mock/violations) naming the check; a dead upstream is a 502.
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { documentedErrorStatuses } from '../../mocks/core/createEngine.ts'
import { createProxy } from '../../proxy/createProxy.ts'
import { defaultSpec, sampleFromSchema } from '../../spec/runtime.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { sendRaw } from '../support/rawHttp.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'
import { KEY, startMock } from '../support/startMock.ts'

const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }

async function through(upstream: string) {
  const lines: string[] = []
  const proxy = createProxy({ upstream, spec: defaultSpec(), log: (line) => lines.push(line) })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
  return {
    proxy,
    lines,
    origin,
    base: `${origin}/v1`,
    close: () => new Promise((resolve) => proxy.server.close(resolve)),
  }
}

/** What a frontend does: list, filter, add, open what it added, open what is not there. */
async function browse(base: string, key = KEY) {
  const auth = { ...headers, authorization: `Bearer ${key}` }
  const responses: Response[] = []
  responses.push(await fetch(`${base}/pets`, { headers: auth }))
  responses.push(await fetch(`${base}/pets?status=sold&limit=5`, { headers: auth }))
  const created = await fetch(`${base}/pets`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: 'Rex', categoryId: 2, status: 'sold' }),
  })
  responses.push(created)
  const pet = (await created.clone().json()) as { id: number }
  responses.push(await fetch(`${base}/pets/${pet.id}`, { headers: auth }))
  responses.push(await fetch(`${base}/pets?status=sold`, { headers: auth }))
  responses.push(await fetch(`${base}/pets/999999`, { headers: auth }))
  return responses
}

describe('the validating proxy', () => {
  let mock: Awaited<ReturnType<typeof startMock>>
  beforeAll(async () => {
    mock = await startMock()
  })
  afterAll(async () => {
    await mock.close()
  })

  test('in front of a conforming upstream: answers forwarded unchanged, no violation anywhere', async () => {
    const it = await through(`${mock.origin}/v1`)
    try {
      const responses = await browse(it.base)
      expect(responses.map((r) => r.status)).toEqual([200, 200, 201, 200, 200, 404])
      for (const response of responses) expect(response.headers.get('x-petstore-violations')).toBeNull()
      // The same bytes as the upstream sends.
      const direct = await (await fetch(`${mock.origin}/v1/pets/1`, { headers })).text()
      expect(await (await fetch(`${it.base}/pets/1`, { headers })).text()).toBe(direct)
      const report = (await (await fetch(`${it.origin}/__mock/violations`)).json()) as { total: number }
      expect(report.total).toBe(0)
      expect(it.lines.filter((line) => line.includes('VIOLATIONS'))).toEqual([])
    } finally {
      await it.close()
    }
  })

  test('a frontend forcing each documented error with Prefer: code=N through it: N, and no violation', async () => {
    // Prism's convention, which the mock follows: the answer is what the client asked for, not what
    // the store holds, so the judge does not hold it to the model (each operation of the document,
    // each error status it documents; pet 1 exists, so a 404 for it would otherwise be a finding).
    const it = await through(`${mock.origin}/v1`)
    try {
      const asked: string[] = []
      for (const operation of defaultSpec().operations)
        for (const status of documentedErrorStatuses(operation)) {
          const schema = operation.requestBody?.content?.['application/json']?.schema
          const response = await fetch(`${it.base}${operation.path.replace(/\{[^}]+\}/g, '1')}`, {
            method: operation.method.toUpperCase(),
            headers: { ...headers, prefer: `code=${status}` },
            ...(schema && { body: JSON.stringify(sampleFromSchema(schema)) }),
          })
          expect(`${operation.operationId} ${response.status}`).toBe(`${operation.operationId} ${status}`)
          asked.push(`${operation.operationId} ${status}`)
        }
      expect(asked).toContain('getPet 404')
      const report = (await (await fetch(`${it.origin}/__mock/violations`)).json()) as {
        violations: unknown[]
      }
      expect(report.violations).toEqual([])
    } finally {
      await it.close()
    }
  })

  test.each([
    ['ignores-status-filter', 'page_matches_filter', 'listPets'],
    ['drops-submitted-name', 'interface_model', 'createPet'],
    ['id-as-string', 'response_schema_conformance', 'getPet'],
    ['create-answers-200', 'status_code_conformance', 'createPet'],
    ['no-state', 'interface_model', 'getPet'],
  ] as const)(
    'in front of an upstream with the fault %s: %s on %s, in the header, the log and /__mock/violations',
    async (fault: Fault, check, operation) => {
      const upstream = createReferenceServer({ pets: 30, fault, apiKey: KEY })
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
      const it = await through(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`)
      try {
        const responses = await browse(it.base).catch(() => [])
        const flagged = responses.map((r) => r.headers.get('x-petstore-violations')).filter(Boolean)
        const report = (await (await fetch(`${it.origin}/__mock/violations`)).json()) as {
          violations: Array<{ check: string; operation: string; level: string }>
        }
        expect(report.violations.map((v) => `${v.check} ${v.operation}`)).toContain(`${check} ${operation}`)
        expect(flagged.join(' ')).toContain(check)
        expect(it.lines.some((line) => line.includes('VIOLATIONS') && line.includes(check))).toBe(true)
      } finally {
        await it.close()
        upstream.closeAllConnections()
        await new Promise((resolve) => upstream.close(resolve))
      }
    },
  )

  test('the whole contract suite through the proxy in front of the mock: it conforms, and the proxy blames only the bad requests the suite sends on purpose', async () => {
    // Every kind of traffic the suite makes (wrong keys, bad bodies, gaps, concurrent creates and
    // reads, ids out of int64): the judge must find no fault of a conforming upstream in any of it.
    const proxy = createProxy({ upstream: `${mock.origin}/v1`, spec: defaultSpec() })
    const report = await runAgainstServer(proxy.server, { apiKey: KEY, seed: 7 })
    expect(report.failed).toBe(false)
    const checks = new Set(proxy.violations().kept.map((violation) => violation.check))
    expect([...checks]).toEqual(['request_conformance'])
  }, 120_000)

  test('a request line no URL parser reads (GET /\\) gets an answer, and the proxy stays up', async () => {
    const it = await through(`${mock.origin}/v1`)
    try {
      const odd = await sendRaw(
        Number(new URL(it.origin).port),
        'GET /\\ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      )
      expect(odd.status).toBeLessThan(500)
      expect((await fetch(`${it.base}/pets/1`, { headers })).status).toBe(200)
    } finally {
      await it.close()
    }
  })

  test('an upstream that sends less than the Content-Length it declared is a 502 with an Error body', async () => {
    const liar = createNetServer((socket) => {
      socket.once('data', () =>
        socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[]'),
      )
    })
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve))
    const it = await through(`http://127.0.0.1:${(liar.address() as AddressInfo).port}/v1`)
    try {
      const response = await fetch(`${it.base}/pets`, { headers })
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({
        code: 'upstream_incomplete',
        message: expect.any(String),
        status: 502,
      })
      expect((await fetch(`${it.origin}/__mock/health`)).status).toBe(200)
    } finally {
      await it.close()
      await new Promise((resolve) => liar.close(resolve))
    }
  })

  test('a dead upstream is a 502 with an Error body, never a hang or a crash', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    const it = await through('http://127.0.0.1:9/v1')
    try {
      const response = await fetch(`${it.base}/pets`, { headers })
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({
        code: 'upstream_unreachable',
        message: expect.any(String),
        status: 502,
      })
    } finally {
      await it.close()
    }
  })
})
