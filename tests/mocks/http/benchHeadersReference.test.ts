// The bench's `bare-headers` row (docs/bench.md) claims to send what the HTTP mock's answers carry beyond
// bare's own headers, so that the row tells what those headers cost. Held here against the real mock
// over HTTP: the same header names, with the same values, on every bench route.
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { createBareServer } from '../../../bench/baseline/bareServer.ts'
import { mockAnswerHeaders } from '../../../bench/baseline/mockAnswerHeaders.ts'
import { createHttpMock, listen } from '../../../mocks/http/createHttpMock.ts'

const KEY = 'bench-headers-key'
const seed = JSON.parse(readFileSync(new URL('../../../fixtures/seed-pets.json', import.meta.url), 'utf8'))
const mock = createHttpMock({ apiKeys: [KEY] })
const bare = createBareServer({ apiKey: KEY, seed, headers: mockAnswerHeaders(KEY) })
const plain = createBareServer({ apiKey: KEY, seed })
const origins: Record<string, string> = {}

beforeAll(async () => {
  origins.mock = new URL(await listen(mock, 0, '127.0.0.1')).origin
  for (const [name, server] of [
    ['bare', bare],
    ['plain', plain],
  ] as const) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origins[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
})
afterAll(async () => {
  for (const server of [mock.server, bare, plain]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A response's headers but those every node:http answer has (and the body's length, which differs). */
async function headersOf(origin: string, init: { method: string; path: string; body?: string }) {
  const response = await fetch(`${origin}${init.path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(init.body !== undefined && { body: init.body }),
  })
  await response.arrayBuffer()
  const kept = [...response.headers].filter(
    ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
  )
  return Object.fromEntries(kept)
}

test.each([
  ['list', { method: 'GET', path: '/v1/pets?limit=20' }],
  ['get by id', { method: 'GET', path: '/v1/pets/7' }],
  ['get by id, not found', { method: 'GET', path: '/v1/pets/987654' }],
  ['create', { method: 'POST', path: '/v1/pets', body: JSON.stringify({ name: 'Rex', categoryId: 1 }) }],
])('%s: the reference sends the mock headers, the baseline does not', async (_, init) => {
  const fromMock = await headersOf(origins.mock as string, init)
  const fromReference = await headersOf(origins.bare as string, init)
  const fromBaseline = await headersOf(origins.plain as string, init)
  // Location names the created pet: its id differs between two stores, its presence does not.
  if (fromMock.location) {
    expect(fromReference.location).toMatch(/^\/v1\/pets\/\d+$/)
    delete fromMock.location
    delete fromReference.location
    delete fromBaseline.location
  }
  expect(fromReference).toEqual(fromMock)
  expect(Object.keys(fromBaseline)).toEqual(['content-type'])
})
