// The Node snippets of docs/adopters.md, run as written. Each `snippet:` region below must appear
// verbatim in the page (the last test checks), so the page cannot drift from code that works.
// The one difference: the page imports from 'petstore-mock/node', this file from '../../mocks/node.ts'.
import { readFile } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { HttpResponse, http, passthrough } from 'msw'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'

const ADOPTERS_PAGE = new URL('../../docs/adopters.md', import.meta.url)
const SNIPPETS_FILE = new URL(import.meta.url)

// snippet: setup
const mock = createPetStoreMockServer()

beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  mock.server.resetHandlers()
  mock.reset()
})
afterAll(() => mock.server.close())

test('lists the first page of pets', async () => {
  const response = await fetch('https://api.example.com/v1/pets', {
    headers: { Authorization: 'Bearer petstore-dev-key' },
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toHaveLength(20)
})
// end snippet

// snippet: override
test('shows the empty state when there are no pets', async () => {
  mock.server.use(http.get('*/v1/pets', () => HttpResponse.json([])))

  const response = await fetch('https://api.example.com/v1/pets', {
    headers: { Authorization: 'Bearer petstore-dev-key' },
  })
  expect(await response.json()).toEqual([])
})
// end snippet

test('the override is gone in the next test (resetHandlers)', async () => {
  const response = await fetch('https://api.example.com/v1/pets', {
    headers: { Authorization: 'Bearer petstore-dev-key' },
  })
  expect(await response.json()).toHaveLength(20)
})

describe('state between tests', () => {
  test('a test adds a pet', async () => {
    const response = await fetch('https://api.example.com/v1/pets', {
      method: 'POST',
      headers: { Authorization: 'Bearer petstore-dev-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Only in this test', categoryId: 1 }),
    })
    expect(response.status).toBe(201)
    expect(mock.store.size).toBe(46)
  })

  test('the next test starts from the seed pets again (mock.reset in afterEach)', () => {
    expect(mock.store.size).toBe(45)
    expect(mock.store.list({ limit: 100 }).map((pet) => pet.name)).not.toContain('Only in this test')
  })

  // snippet: reset-to
  test('shows the only sold pet', async () => {
    mock.reset([{ id: 1, name: 'Rex', categoryId: 1, status: 'sold' }])

    const response = await fetch('https://api.example.com/v1/pets?status=sold', {
      headers: { Authorization: 'Bearer petstore-dev-key' },
    })
    expect(await response.json()).toEqual([{ id: 1, name: 'Rex', categoryId: 1, status: 'sold' }])
  })
  // end snippet
})

// snippet: force-error
test('shows the sign-in prompt when the key is rejected', async () => {
  const response = await fetch('https://api.example.com/v1/pets', {
    headers: { Authorization: 'Bearer petstore-dev-key', Prefer: 'code=401' },
  })
  expect(response.status).toBe(401)
  expect(await response.json()).toMatchObject({ code: 'unauthorized', status: 401 })
})
// end snippet

describe('the HTTP mock in-process', () => {
  let close = async () => {}

  afterAll(() => close())

  test('serves on a free port, forces errors and resets with POST /__mock/reset', async () => {
    // snippet: http-in-process
    const httpMock = createHttpMock()
    const baseUrl = await listen(httpMock, 0, '127.0.0.1') // e.g. http://127.0.0.1:41234/v1
    // end snippet
    close = async () => {
      httpMock.server.closeAllConnections()
      await new Promise((resolve) => httpMock.server.close(resolve))
    }
    // This file's setupServer answers every */v1 URL; let these requests through to the real server.
    const origin = new URL(baseUrl).origin
    mock.server.use(http.all(`${origin}/*`, () => passthrough()))
    const auth = { Authorization: 'Bearer petstore-dev-key' }

    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    const forced = await fetch(`${baseUrl}/pets`, { headers: { ...auth, Prefer: 'code=401' } })
    expect(forced.status).toBe(401)
    const created = await fetch(`${baseUrl}/pets`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Over HTTP', categoryId: 2 }),
    })
    expect(created.status).toBe(201)
    expect(httpMock.store.size).toBe(46)
    const reset = await fetch(`${origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(reset.ok).toBe(true)
    expect(httpMock.store.size).toBe(45)
  })
})

test('docs/adopters.md shows each snippet above verbatim', async () => {
  const page = await readFile(ADOPTERS_PAGE, 'utf8')
  const source = await readFile(SNIPPETS_FILE, 'utf8')
  const snippets = [...source.matchAll(/^( *)\/\/ snippet: ([\w-]+)\n([\s\S]*?)^ *\/\/ end snippet$/gm)]
  expect(snippets.map((match) => match[2])).toEqual([
    'setup',
    'override',
    'reset-to',
    'force-error',
    'http-in-process',
  ])
  for (const [, indent = '', name, body = ''] of snippets) {
    const dedented = body.replace(new RegExp(`^${indent}`, 'gm'), '')
    expect({ name, inPage: page.includes(dedented) }).toEqual({ name, inPage: true })
  }
})
