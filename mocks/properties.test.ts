// Property-based tests (fast-check): valid NewPet bodies are generated from the spec's own schemas,
// invalid ones by breaking a valid one, and arbitrary requests from random methods, paths, queries,
// headers and bodies (tests/support/arbitraryRequests.ts). Run here in-process against the
// self-checking engine; tests/mocks/propertiesOverHttp.test.ts sends the arbitrary requests over HTTP.
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { seedPets } from '../fixtures/seedPets.ts'
import { apiRequest } from '../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { compileValidators, createAjv, openApiDocument } from '../spec/runtime.ts'
import {
  AUTH,
  arbitraryRequest,
  expectErrorBody,
  expectNeverServerError,
  INT64_MAX,
  INT64_MIN,
  newPetSchema,
  type Schema,
  schemas,
  toWire,
  validNewPet,
} from '../tests/support/arbitraryRequests.ts'
import { createEngine } from './core/createEngine.ts'
import { DEFAULT_STATUS, PetStore } from './core/PetStore.ts'

const validators = compileValidators(openApiDocument)
const ajv = createAjv()
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

/** JSON values (nulls, wrong types, out-of-enum strings) that a property's schema refuses. */
function wrongValuesOf(schema: Schema): fc.Arbitrary<unknown> {
  const validate = ajv.compile(schema)
  return fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })).filter((value) => !validate(value))
}

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
})
