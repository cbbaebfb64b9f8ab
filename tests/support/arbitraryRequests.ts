// The generators of the mock's property tests, shared by the in-process run beside the engine
// (mocks/properties.test.ts) and the run over HTTP (tests/mocks/propertiesOverHttp.test.ts), so both
// draw the same requests. Pure: fast-check and the spec, nothing that listens.
import { expect } from '@jest/globals'
import fc from 'fast-check'
import { DEFAULT_API_KEY } from '../../mocks/core/createEngine.ts'
import { compileValidators, describeAjvErrors, openApiDocument } from '../../spec/runtime.ts'

/** The part of a JSON Schema the generators read. */
export interface Schema {
  type?: string
  format?: string
  enum?: unknown[]
  required?: string[]
  properties?: Record<string, Schema>
}

export const schemas = openApiDocument.components.schemas as unknown as Record<string, Schema>
export const newPetSchema = schemas.NewPet as Schema
const validators = compileValidators(openApiDocument)
export const AUTH = `Bearer ${DEFAULT_API_KEY}`
export const INT64_MIN = -(2n ** 63n)
export const INT64_MAX = 2n ** 63n - 1n
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON

/**
 * JSON text of a value whose bigints are written as their digits, as a client with exact integers sends it.
 *
 * @example
 * toWire({ categoryId: 2n ** 63n - 1n }) // '{"categoryId":9223372036854775807}'
 */
export function toWire(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? rawJson(v.toString()) : v))
}

/**
 * An arbitrary of the values a (NewPet-sized) schema allows, read from the schema itself.
 *
 * @example
 * fc.sample(valuesOf(newPetSchema), 1) // [{ name: '…', categoryId: -12n, status: 'sold' }]
 */
export function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
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

export const validNewPet = valuesOf(newPetSchema) as fc.Arbitrary<Record<string, unknown>>

/** Expects a body the spec's Error schema accepts, whose `status` is the response's. */
export function expectErrorBody(response: { status: number; body?: unknown }): void {
  const validate = validators.schema('Error')
  expect(validate(response.body) ? 'Error body' : describeAjvErrors(validate.errors, 'body')).toBe(
    'Error body',
  )
  expect(response.body).toMatchObject({ status: response.status })
}

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
    // The mock's own header: a name, or text its rule refuses (spaces, controls, over 64 characters).
    'x-mock-session': fc.oneof(
      fc.constantFrom('team-a', 'worker-3'),
      headerText,
      fc.string({ minLength: 65 }),
    ),
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

/** Requests of any method, path, query, headers and body, some right and most wrong. */
export const arbitraryRequest = fc.record({
  method,
  url: fc.tuple(path, query).map(([p, q]) => p + q),
  headers,
  body,
})

/** Expects a status below 500 and, for a 4xx with a body, an Error body. */
export function expectNeverServerError(response: { status: number; body?: unknown }, head: boolean): void {
  expect(response.status).toBeGreaterThanOrEqual(200)
  expect(response.status).toBeLessThan(500)
  if (response.status >= 400 && !head) expectErrorBody(response)
}
