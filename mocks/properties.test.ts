// Property-based tests (fast-check): valid NewPet bodies are generated from the spec's own schemas,
// invalid ones by breaking a valid one, and arbitrary requests from random methods, paths, queries,
// headers and bodies. Run in-process against the self-checking engine, and over HTTP for the
// arbitrary requests, so the node:http adapter is held to the same rules.

import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { seedPets } from '../fixtures/seedPets.ts'
import { apiRequest } from '../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { compileValidators, createAjv, describeAjvErrors, openApiDocument } from '../spec/runtime.ts'
import { sendHttp } from '../tests/support/rawHttp.ts'
import { createEngine, DEFAULT_API_KEY } from './core/createEngine.ts'
import { DEFAULT_STATUS, PetStore } from './core/PetStore.ts'
import { createHttpMock, listen } from './http/createHttpMock.ts'

interface Schema {
  type?: string
  format?: string
  enum?: unknown[]
  required?: string[]
  properties?: Record<string, Schema>
}

const schemas = openApiDocument.components.schemas as unknown as Record<string, Schema>
const newPetSchema = schemas.NewPet as Schema
const validators = compileValidators(openApiDocument)
const ajv = createAjv()
const AUTH = `Bearer ${DEFAULT_API_KEY}`
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON

/** JSON text of a value whose bigints are written as their digits, as a client with exact integers sends it. */
function toWire(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? rawJson(v.toString()) : v))
}

/** Parses JSON text with every integer read exactly (a bigint), so a rounded digit shows. */
function exactly(text: string): unknown {
  const parse = JSON.parse as (
    text: string,
    reviver: (k: string, v: unknown, c: { source: string }) => unknown,
  ) => unknown
  return parse(text, (_key, value, context) =>
    typeof value === 'number' && /^-?\d+$/.test(context.source) ? BigInt(context.source) : value,
  )
}

/** An arbitrary of the values a (NewPet-sized) schema allows, read from the schema itself. */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.type === 'string') return fc.string({ maxLength: 40 })
  // The whole int64 range, as bigints (fast-check leans towards the edges: 0, ±2^63, ±2^53).
  if (schema.type === 'integer' && schema.format === 'int64')
    return fc.bigInt({ min: INT64_MIN, max: INT64_MAX })
  if (schema.type === 'integer') return fc.maxSafeInteger()
  if (schema.type === 'object') {
    const model = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [name, valuesOf(property)]),
    )
    return fc.record(model, { requiredKeys: schema.required ?? [], noNullPrototype: true })
  }
  throw new Error(`no arbitrary for schema ${JSON.stringify(schema)}`)
}

/** JSON values (nulls, wrong types, out-of-enum strings) that a property's schema refuses. */
function wrongValuesOf(schema: Schema): fc.Arbitrary<unknown> {
  const validate = ajv.compile(schema)
  return fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })).filter((value) => !validate(value))
}

const validNewPet = valuesOf(newPetSchema) as fc.Arbitrary<Record<string, unknown>>
const propertyNames = Object.keys(newPetSchema.properties ?? {})
const requiredNames = newPetSchema.required ?? []

function engine() {
  return createEngine({ store: new PetStore(seedPets), selfCheck: true })
}

function post(target: ReturnType<typeof engine>, body: string): ApiResponse {
  const headers: Record<string, string> = { authorization: AUTH, 'content-type': 'application/json' }
  return target.handle(
    apiRequest({ method: 'POST', target: '/v1/pets', header: (name) => headers[name], body }),
  )
}

function expectErrorBody(response: { status: number; body?: unknown }): void {
  const validate = validators.schema('Error')
  expect(validate(response.body) ? 'Error body' : describeAjvErrors(validate.errors, 'body')).toBe(
    'Error body',
  )
  expect(response.body).toMatchObject({ status: response.status })
}

test('the generators come from the spec: every required field, every PetStatus value', () => {
  expect(requiredNames.length).toBeGreaterThan(0)
  const samples = fc.sample(validNewPet, { numRuns: 300, seed: 7 })
  for (const name of requiredNames) expect(samples.every((pet) => name in pet)).toBe(true)
  expect(new Set(samples.map((pet) => pet.status).filter(Boolean))).toEqual(new Set(schemas.PetStatus?.enum))
})

describe('createPet', () => {
  test('a valid NewPet is 201, and getPet returns exactly what was stored', () => {
    const target = engine()
    fc.assert(
      fc.property(validNewPet, (input) => {
        const created = post(target, toWire(input))
        expect(created.status).toBe(201)
        // What a client reads off the wire: every int64 digit for digit.
        const sent = toWire(created.body)
        expect(validators.schema('Pet')(JSON.parse(sent))).toBe(true)
        const pet = exactly(sent) as Record<string, unknown>
        expect(pet).toEqual(exactly(toWire({ ...input, status: input.status ?? DEFAULT_STATUS, id: pet.id })))
        const fetched = target.handle(
          apiRequest({
            method: 'GET',
            target: created.headers.location as string,
            header: (name) => (name === 'authorization' ? AUTH : undefined),
          }),
        )
        expect(fetched.status).toBe(200)
        expect(exactly(toWire(fetched.body))).toEqual(pet)
      }),
      // The int64 edges every run, besides what fast-check draws across the range.
      {
        numRuns: 200,
        examples: [[{ name: 'max', categoryId: INT64_MAX }], [{ name: 'min', categoryId: INT64_MIN }]],
      },
    )
  })

  test('a NewPet missing a required field is 400 naming the field', () => {
    const target = engine()
    const missing = fc.tuple(validNewPet, fc.constantFrom(...requiredNames)).map(([pet, name]) => {
      const { [name]: _dropped, ...rest } = pet
      return { body: rest, name }
    })
    fc.assert(
      fc.property(missing, ({ body, name }) => {
        const response = post(target, toWire(body))
        expect(response.status).toBe(400)
        expectErrorBody(response)
        expect(response.body).toMatchObject({ code: 'invalid_body' })
        expect((response.body as { message: string }).message).toContain(`'${name}'`)
      }),
      { numRuns: 100 },
    )
  })

  test('a NewPet with a field of the wrong type, a null or an unknown status is 400 naming the field', () => {
    const target = engine()
    const broken = fc.tuple(validNewPet, fc.constantFrom(...propertyNames)).chain(([pet, name]) =>
      wrongValuesOf(newPetSchema.properties?.[name] as Schema).map((value) => ({
        body: { ...pet, [name]: value },
        name,
      })),
    )
    fc.assert(
      fc.property(broken, ({ body, name }) => {
        const response = post(target, toWire(body))
        expect(response.status).toBe(400)
        expectErrorBody(response)
        expect(response.body).toMatchObject({ code: 'invalid_body' })
        expect((response.body as { message: string }).message).toContain(`body/${name}`)
      }),
      { numRuns: 200 },
    )
  })

  test('a categoryId beyond int64 is 400 naming the field and the range, and nothing is stored', () => {
    const target = engine()
    const beyond = fc.oneof(
      fc.bigInt({ min: INT64_MAX + 1n, max: 2n ** 80n }),
      fc.bigInt({ min: -(2n ** 80n), max: INT64_MIN - 1n }),
    )
    fc.assert(
      fc.property(validNewPet, beyond, (pet, categoryId) => {
        const before = target.store.size
        const response = post(target, toWire({ ...pet, categoryId }))
        expect(response).toMatchObject({ status: 400, body: { code: 'invalid_body' } })
        // Ajv already refuses a double beyond ±2^63; the text decides near the edge, where a double cannot.
        expect((response.body as { message: string }).message).toContain(
          'body/categoryId must be a valid int64',
        )
        expect(target.store.size).toBe(before)
      }),
      { numRuns: 100 },
    )
  })
})

// Arbitrary requests: a mix of the API's own vocabulary and noise, so that some reach every
// operation and most are wrong in one way or several.
const method = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
  fc.stringMatching(/^[A-Z]{1,8}$/),
)
const segment = fc.oneof(
  fc.constantFrom('pets', '1', '45', '0', '-1', '9007199254740993', '9223372036854775808', '%2F', ''),
  fc.webSegment(),
)
const path = fc.array(segment, { maxLength: 3 }).map((segments) => `/v1/${segments.join('/')}`)
const query = fc.oneof(
  fc.constant(''),
  fc.webQueryParameters().map((text) => `?${text}`),
  fc
    .record({
      limit: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.webSegment()),
      status: segment,
    })
    .map(({ limit, status }) => `?limit=${limit}&status=${status}`),
)
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 40 })
const headers = fc.record(
  {
    authorization: fc.oneof(fc.constant(AUTH), fc.constant(`bearer ${DEFAULT_API_KEY}`), headerText),
    'content-type': fc.oneof(fc.constant('application/json'), headerText),
    prefer: fc.oneof(fc.constantFrom('code=400', 'code=401', 'code=404', 'code=500'), headerText),
    'content-encoding': fc.constantFrom('gzip', 'identity', 'br'),
  },
  { requiredKeys: [], noNullPrototype: true },
)
const body = fc.option(
  fc.oneof(
    fc.json({ maxDepth: 3 }),
    validNewPet.map((pet) => toWire(pet)),
    headerText,
  ),
  {
    nil: undefined,
  },
)
const arbitraryRequest = fc.record({
  method,
  url: fc.tuple(path, query).map(([p, q]) => p + q),
  headers,
  body,
})

function expectNeverServerError(response: { status: number; body?: unknown }, head: boolean): void {
  expect(response.status).toBeGreaterThanOrEqual(200)
  expect(response.status).toBeLessThan(500)
  if (response.status >= 400 && !head) expectErrorBody(response)
}

describe('arbitrary requests', () => {
  test('in-process: never a 5xx or a throw; every 4xx is an Error body the spec documents', () => {
    const target = engine()
    fc.assert(
      fc.property(arbitraryRequest, (request) => {
        const headerValues = request.headers as Record<string, string>
        const response = target.handle(
          apiRequest({
            method: request.method,
            target: request.url,
            header: (name) => headerValues[name],
            body: request.body,
          }),
        )
        expectNeverServerError(response, request.method === 'HEAD')
      }),
      { numRuns: 500 },
    )
  })

  describe('over HTTP', () => {
    const mock = createHttpMock({ selfCheck: true })
    let port = 0
    beforeAll(async () => {
      port = Number(new URL(await listen(mock, 0, '127.0.0.1')).port)
    })
    afterAll(async () => {
      mock.server.closeAllConnections()
      await new Promise((resolve) => mock.server.close(resolve))
    })

    test('never a 5xx; every 4xx is an Error body', async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryRequest, async (request) => {
          const response = await sendHttp(port, {
            method: request.method,
            path: request.url,
            headers: Object.entries(request.headers),
            ...(request.body !== undefined && { body: Buffer.from(request.body) }),
          })
          const parsed = response.body === '' ? undefined : JSON.parse(response.body)
          expectNeverServerError({ status: response.status, body: parsed }, request.method === 'HEAD')
        }),
        { numRuns: 150 },
      )
    })
  })
})
