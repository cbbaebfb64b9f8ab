// The proxy judges every exchange by one knowledge of the store ordered in time, as the contract
// suite does (model/StoreKnowledge.ts `asOf`, decision 035): a read that arrived after a create
// completed, on any connection of any client, is bound by it; a read in flight while it completed
// is not. Under many clients at once in front of the project's mock (answers out of order, other
// writers going straight to the mock), no verdict; the same traffic in front of a lagging store is
// named. See docs/proxy.md.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { createProxy } from '../../proxy/createProxy.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { createReferenceServer, type Fault } from '../servers/referenceServer.ts'
import { sendHttp, type WireResponse } from '../support/rawHttp.ts'
import { KEY, startMock } from '../support/startMock.ts'

const auth = [['authorization', `Bearer ${KEY}`] as const, ['content-type', 'application/json'] as const]

async function listening(server: Server): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A proxy in front of `upstream`, and a way to send through it on a fresh connection (agent: false). */
async function proxyFor(upstream: string) {
  const proxy = createProxy({ upstream, spec: defaultSpec() })
  const { port, close } = await listening(proxy.server)
  const send = (method: string, path: string, body?: unknown): Promise<WireResponse> =>
    sendHttp(
      port,
      {
        method,
        path: `/v1${path}`,
        headers: auth,
        ...(body !== undefined && { body: Buffer.from(JSON.stringify(body)) }),
      },
      15_000,
    )
  /** The same through fetch's keep-alive pool (one connection used again and again). */
  const fetched = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}/v1${path}`, {
      method,
      headers: Object.fromEntries(auth),
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    return {
      status: response.status,
      headers: { ...Object.fromEntries(response.headers) },
      body: await response.text(),
    }
  }
  const checks = () => proxy.violations().kept.map((v) => `${v.check} ${v.operation}`)
  return { proxy, port, send, fetched, checks, close }
}

describe('one knowledge in time, through the proxy', () => {
  test('a read that arrives after a create completed on another connection is bound by it: the pet omitted is named', async () => {
    const upstream = await listening(createReferenceServer({ pets: 30, fault: 'no-state', apiKey: KEY }))
    const it = await proxyFor(`http://127.0.0.1:${upstream.port}/v1`)
    try {
      const created = await it.send('POST', '/pets', { name: 'Rex', categoryId: 2, status: 'sold' })
      expect(created.status).toBe(201)
      expect(created.headers['x-petstore-violations']).toBeUndefined()
      const { id } = JSON.parse(created.body) as { id: number }
      // Each request on a connection of its own (agent: false): the proxy sees another client.
      const fetchedPet = await it.send('GET', `/pets/${id}`)
      expect(fetchedPet.status).toBe(404)
      expect(fetchedPet.headers['x-petstore-violations']).toBe('1 interface_model')
      const listed = await it.send('GET', '/pets?status=sold&limit=100')
      expect(listed.headers['x-petstore-violations']).toBe('1 interface_model')
      expect(it.checks()).toEqual(['interface_model getPet', 'interface_model listPets'])
    } finally {
      await it.close()
      await upstream.close()
    }
  })

  test('a read in flight while the create completed is not bound by it; the same read sent after is', async () => {
    // An upstream that stores nothing and holds its read answers until told: the read reaches it
    // (so the proxy stamped it) before the create is sent, and is answered after the 201 completed.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let readArrived = () => {}
    const arrived = new Promise<void>((resolve) => {
      readArrived = resolve
    })
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', async () => {
        response.setHeader('content-type', 'application/json')
        if (request.method === 'POST') {
          const sent = JSON.parse(Buffer.concat(chunks).toString()) as object
          response.statusCode = 201
          return response.end(JSON.stringify({ ...sent, id: 9001 }))
        }
        readArrived()
        await gate
        response.statusCode = 404
        response.end(JSON.stringify({ code: 'not_found', message: 'no such pet', status: 404 }))
      })
    })
    const upstream = await listening(server)
    const it = await proxyFor(`http://127.0.0.1:${upstream.port}/v1`)
    try {
      const lagging = it.send('GET', '/pets/9001')
      await arrived
      const created = await it.send('POST', '/pets', { name: 'Rex', categoryId: 2, status: 'sold' })
      expect(created.status).toBe(201)
      release()
      const read = await lagging
      expect(read.status).toBe(404)
      expect(read.headers['x-petstore-violations']).toBeUndefined()
      expect(it.checks()).toEqual([])
      // Sent after the 201 completed, on another connection: the pet must be found.
      const after = await it.send('GET', '/pets/9001')
      expect(after.headers['x-petstore-violations']).toBe('1 interface_model')
      expect(it.checks()).toEqual(['interface_model getPet'])
    } finally {
      release()
      await it.close()
      await upstream.close()
    }
  })

  /**
   * Many clients at once through one proxy, each a bounded run of creates and reads drawn by
   * fast-check (fresh connections and fetch's kept-alive ones), while other writers create pets
   * straight on the upstream, which the proxy never sees created. Returns the proxy's checks and
   * how many reads were in flight while a create through the proxy completed.
   */
  async function crowd(upstream: string, seed: number) {
    const it = await proxyFor(upstream)
    const deadline = Date.now() + 12_000
    const createdIds: number[] = []
    const creates: Array<{ end: number }> = []
    const reads: Array<{ start: number; end: number }> = []
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        status: fc.constantFrom('available', 'pending', 'sold'),
      }),
      fc.record({
        kind: fc.constant('list' as const),
        status: fc.constantFrom(undefined, 'available', 'pending', 'sold'),
        limit: fc.constantFrom(undefined, 1, 5, 100),
      }),
      fc.record({ kind: fc.constant('get' as const), pick: fc.nat() }),
    )
    const plans = fc.sample(fc.array(fc.tuple(op, fc.boolean()), { minLength: 12, maxLength: 12 }), {
      seed,
      numRuns: 10,
    })
    const client = async (plan: (typeof plans)[number], n: number) => {
      for (const [step, fresh] of plan) {
        if (Date.now() > deadline) return
        const send = fresh ? it.send : it.fetched
        const start = performance.now()
        if (step.kind === 'create') {
          const answer = await send('POST', '/pets', {
            name: `c${n}`,
            categoryId: 1 + n,
            status: step.status,
          })
          creates.push({ end: performance.now() })
          if (answer.status === 201) createdIds.push((JSON.parse(answer.body) as { id: number }).id)
          continue
        }
        const query = new URLSearchParams()
        if (step.kind === 'list') {
          if (step.status) query.set('status', step.status)
          if (step.limit) query.set('limit', String(step.limit))
        }
        const path =
          step.kind === 'list'
            ? `/pets?${query}`
            : `/pets/${createdIds[step.pick % Math.max(1, createdIds.length)] ?? 1}`
        await send('GET', path)
        reads.push({ start, end: performance.now() })
      }
    }
    /** Another writer of the same store, straight to the upstream (staging's other users). */
    const direct = async (n: number) => {
      for (let i = 0; i < 12 && Date.now() < deadline; i++)
        await fetch(`${upstream}/pets`, {
          method: 'POST',
          headers: Object.fromEntries(auth),
          body: JSON.stringify({ name: `d${n}`, categoryId: 1, status: 'sold' }),
        })
    }
    try {
      await Promise.all([...plans.map(client), direct(0), direct(1)])
      const overlapped = reads.filter((read) =>
        creates.some((create) => create.end > read.start && create.end < read.end),
      ).length
      return { checks: it.checks(), overlapped, reads: reads.length, creates: createdIds.length }
    } finally {
      await it.close()
    }
  }

  test('ten clients at once in front of the mock answering in 0-60 ms out of order, reads overlapping creates: no violation', async () => {
    const mock = await startMock({ latencyMs: { min: 0, max: 60 } })
    try {
      const seen = await crowd(`${mock.origin}/v1`, 35)
      expect(seen.checks).toEqual([])
      // The traffic did what it is for: creates through the proxy, and reads in flight while one completed.
      expect(seen.creates).toBeGreaterThan(10)
      expect(seen.overlapped).toBeGreaterThan(5)
    } finally {
      await mock.close()
    }
  }, 30_000)

  test('the same crowd in front of a store that shows a pet 1.5 s after its 201: the model names it', async () => {
    const fault: Fault = 'visible-after-delay'
    const upstream = await listening(createReferenceServer({ pets: 30, fault, apiKey: KEY }))
    try {
      const seen = await crowd(`http://127.0.0.1:${upstream.port}/v1`, 35)
      expect(seen.checks.filter((check) => check.startsWith('interface_model')).length).toBeGreaterThan(0)
    } finally {
      await upstream.close()
    }
  }, 30_000)
})
