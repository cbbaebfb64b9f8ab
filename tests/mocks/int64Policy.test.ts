// The int64 policy (decisions/004-hardening.md) at its edges, over MSW and over HTTP: a pet that holds
// the largest id the mock can assign, 2^53 - 1, and the ids a double would round onto it or next to
// it; categoryIds across int64, given back digit for digit (decisions/014-int64-exact.md).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { Pet } from '../../spec/runtime.ts'
import { startTransports, type Transport } from '../support/startTransports.ts'

const MAX_SAFE = Number.MAX_SAFE_INTEGER // 9007199254740991
/** Integers a double rounds (so JSON.parse alone would hand back others): the int64 edges and 2^53 ± 1. */
const INT64_EDGES = ['9223372036854775807', '-9223372036854775808', '9007199254740993', '-9007199254740993']
const edge: Pet = { id: MAX_SAFE, name: 'Edge', categoryId: MAX_SAFE, status: 'sold' }
const one: Pet = { id: 1, name: 'One', categoryId: 1, status: 'available' }
const AUTH = { authorization: 'Bearer petstore-dev-key' }

let transports: Transport[] = []
let close: () => Promise<void> = async () => {}
beforeAll(async () => ({ transports, close } = await startTransports()))
afterAll(() => close())

describe.each(['msw', 'http'] as const)('over %s', (name) => {
  const transport = () => transports.find((t) => t.name === name) as Transport
  const get = async (path: string) => {
    const response = await fetch(`${transport().baseUrl}${path}`, { headers: AUTH })
    return { status: response.status, body: await response.json() }
  }

  test('2^53 - 1 is found exactly; 2^53 and 2^53 + 1 (which a double rounds to 2^53) are not found', async () => {
    transport().reset([one, edge])
    expect(await get(`/pets/${MAX_SAFE}`)).toEqual({ status: 200, body: edge })
    for (const id of ['9007199254740992', '9007199254740993', '9007199254740994', '18014398509481983']) {
      expect(await get(`/pets/${id}`)).toMatchObject({ status: 404, body: { code: 'not_found' } })
    }
    // Spellings of 2^53 - 1 that are not int64 text are 400, never a lookup.
    for (const id of ['9007199254740991.0', '9.007199254740991e15', '%2B9007199254740991']) {
      expect(await get(`/pets/${id}`)).toMatchObject({ status: 400, body: { code: 'invalid_parameter' } })
    }
  })

  test('after a pet at 2^53 - 1 the next id is still a safe integer (the lowest free one)', async () => {
    transport().reset([one, edge])
    const response = await fetch(`${transport().baseUrl}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Next', categoryId: 2 }),
    })
    const pet = (await response.json()) as Pet
    expect(response.status).toBe(201)
    expect(pet.id).toBe(2)
    expect(await get(`/pets/2`)).toEqual({ status: 200, body: pet })
  })

  const create = (categoryId: string) =>
    fetch(`${transport().baseUrl}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: `{"name":"Big","categoryId":${categoryId}}`,
    })
  const text = async (path: string) =>
    (await fetch(`${transport().baseUrl}${path}`, { headers: AUTH })).text()

  test.each(INT64_EDGES)(
    'categoryId %s round-trips digit for digit through create, list and get',
    async (digits) => {
      transport().reset([one])
      const created = await create(digits)
      expect(created.status).toBe(201)
      const createdText = await created.text()
      expect(createdText).toContain(`"categoryId":${digits}`)
      const id = (JSON.parse(createdText) as Pet).id
      expect(Number.isSafeInteger(id)).toBe(true)
      expect(await text(`/pets/${id}`)).toBe(createdText)
      expect(await text('/pets?limit=100')).toContain(createdText)
    },
  )

  test('a seed holding int64 edges (as bigints) is served exactly', async () => {
    const edges = INT64_EDGES.map((digits, index) => ({ ...one, id: index + 2, categoryId: BigInt(digits) }))
    transport().reset([one, ...(edges as unknown as Pet[])])
    const listed = await text('/pets?limit=100')
    for (const digits of INT64_EDGES) expect(listed).toContain(`"categoryId":${digits},`)
  })

  test.each(['9223372036854775808', '-9223372036854775809', '18446744073709551616', '9007199254740993.5'])(
    'categoryId %s is 400 invalid_body naming the field, and nothing is stored',
    async (digits) => {
      transport().reset([one])
      const refused = await create(digits)
      expect(refused.status).toBe(400)
      const body = (await refused.json()) as { code: string; message: string }
      expect(body.code).toBe('invalid_body')
      expect(body.message).toMatch(/^body\/categoryId must be/)
      expect(JSON.parse(await text('/pets?limit=100'))).toEqual([one])
    },
  )
})
