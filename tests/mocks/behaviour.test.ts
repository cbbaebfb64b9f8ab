// Every rule of the interface document and every decision the mock makes for its gaps, as one table
// run against both transports: MSW in-process and the HTTP server. Both run with self-checking on,
// so any response the spec does not document fails the test too.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { seedPets } from '../../fixtures/seedPets.ts'
import { compileValidators, describeAjvErrors, openApiDocument } from '../../spec/runtime.ts'
import { startTransports, type Transport } from '../support/startTransports.ts'

const KEY = 'petstore-dev-key'
const AUTH = { authorization: `Bearer ${KEY}` }
const JSON_BODY = { ...AUTH, 'content-type': 'application/json' }
const validateError = compileValidators(openApiDocument).schema('Error')

interface Row {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string
  status: number
  code?: string
  /** Header values expected in the response (a RegExp or the exact text). */
  responseHeaders?: Record<string, string | RegExp>
  check?: (body: unknown) => void
  only?: Transport['name']
}

const pets = (body: unknown) => body as Array<{ id: number; status: string; name: string }>
const statusRow = (status: string): Row => ({
  path: `/pets?status=${status}&limit=100`,
  headers: AUTH,
  status: 200,
  check: (body) => {
    expect(pets(body).length).toBe(seedPets.filter((p) => p.status === status).length)
    expect(new Set(pets(body).map((p) => p.status))).toEqual(new Set([status]))
  },
})

const rows: Array<[string, Row]> = [
  // Authentication (interface document part 5): every operation, decided before anything else.
  [
    'listPets without a key is 401',
    {
      path: '/pets',
      status: 401,
      code: 'unauthorized',
      responseHeaders: { 'www-authenticate': /^Bearer realm="petstore"$/ },
    },
  ],
  [
    'createPet without a key is 401',
    {
      method: 'POST',
      path: '/pets',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"a","categoryId":1}',
      status: 401,
      code: 'unauthorized',
    },
  ],
  [
    'getPet without a key is 401, with deprecation signals',
    { path: '/pets/1', status: 401, code: 'unauthorized', responseHeaders: { deprecation: '@1767225600' } },
  ],
  [
    'a wrong key is 401 invalid_token',
    {
      path: '/pets',
      headers: { authorization: 'Bearer nope' },
      status: 401,
      code: 'unauthorized',
      responseHeaders: { 'www-authenticate': /error="invalid_token"/ },
    },
  ],
  [
    'another scheme is 401 invalid_request',
    {
      path: '/pets',
      headers: { authorization: `Basic ${KEY}` },
      status: 401,
      code: 'unauthorized',
      responseHeaders: { 'www-authenticate': /error="invalid_request"/ },
    },
  ],
  [
    'the scheme name is case-insensitive',
    { path: '/pets', headers: { authorization: `bEARER ${KEY}` }, status: 200 },
  ],
  ['auth comes before query validation', { path: '/pets?limit=0', status: 401, code: 'unauthorized' }],
  [
    'auth comes before body validation',
    {
      method: 'POST',
      path: '/pets',
      body: '{',
      headers: { 'content-type': 'application/json' },
      status: 401,
    },
  ],
  ['auth comes before path validation', { path: '/pets/abc', status: 401 }],
  ['auth comes before routing', { path: '/nothing-here', status: 401 }],

  // listPets (4.1)
  [
    'listPets returns 20 pets when limit is omitted, oldest first',
    {
      path: '/pets',
      headers: AUTH,
      status: 200,
      check: (body) => expect(pets(body).map((p) => p.id)).toEqual(seedPets.slice(0, 20).map((p) => p.id)),
    },
  ],
  [
    'limit=1 returns one pet',
    {
      path: '/pets?limit=1',
      headers: AUTH,
      status: 200,
      check: (body) => expect(pets(body)).toHaveLength(1),
    },
  ],
  [
    'limit=100 returns every pet when fewer than 100 exist',
    {
      path: '/pets?limit=100',
      headers: AUTH,
      status: 200,
      check: (body) => expect(pets(body)).toHaveLength(seedPets.length),
    },
  ],
  ['status=available keeps only available pets', statusRow('available')],
  ['status=pending keeps only pending pets', statusRow('pending')],
  ['status=sold keeps only sold pets', statusRow('sold')],
  [
    'status with no limit returns at most 20',
    {
      path: '/pets?status=available',
      headers: AUTH,
      status: 200,
      check: (body) => expect(pets(body)).toHaveLength(20),
    },
  ],
  [
    'unknown query parameters are ignored',
    {
      path: '/pets?limit=2&colour=red',
      headers: AUTH,
      status: 200,
      check: (body) => expect(pets(body)).toHaveLength(2),
    },
  ],
  ...(['0', '101', '-1', 'abc', '1.5', '', '1e2'] as const).map((limit): [string, Row] => [
    `limit=${limit} is 400 naming limit`,
    {
      path: `/pets?limit=${limit}`,
      headers: AUTH,
      status: 400,
      code: 'invalid_parameter',
      check: (body) => expect((body as { message: string }).message).toMatch(/^limit /),
    },
  ]),
  [
    'a repeated limit is 400',
    { path: '/pets?limit=1&limit=2', headers: AUTH, status: 400, code: 'invalid_parameter' },
  ],
  [
    'an unknown status is 400 naming status and the allowed values',
    {
      path: '/pets?status=lost',
      headers: AUTH,
      status: 400,
      code: 'invalid_parameter',
      check: (body) =>
        expect((body as { message: string }).message).toContain(
          'status must be one of available, pending, sold',
        ),
    },
  ],
  [
    'status is case-sensitive',
    { path: '/pets?status=Available', headers: AUTH, status: 400, code: 'invalid_parameter' },
  ],

  // createPet (4.2)
  [
    'createPet returns 201, the submitted fields, a new id and Location',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":7,"status":"pending"}',
      status: 201,
      responseHeaders: { location: /\/v1\/pets\/46$/ },
      check: (body) => expect(body).toEqual({ id: 46, name: 'Zed', categoryId: 7, status: 'pending' }),
    },
  ],
  [
    'an omitted status is stored as available',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":7}',
      status: 201,
      check: (body) => expect((body as { status: string }).status).toBe('available'),
    },
  ],
  [
    'unknown fields are dropped, not stored',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":7,"colour":"red"}',
      status: 201,
      check: (body) => expect(body).not.toHaveProperty('colour'),
    },
  ],
  [
    'name has no length limit in the document, so an empty name is accepted',
    { method: 'POST', path: '/pets', headers: JSON_BODY, body: '{"name":"","categoryId":7}', status: 201 },
  ],
  [
    'a missing name is 400 naming name',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"categoryId":7}',
      status: 400,
      code: 'invalid_body',
      check: (body) => expect((body as { message: string }).message).toContain("'name'"),
    },
  ],
  [
    'a missing categoryId is 400 naming categoryId',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed"}',
      status: 400,
      code: 'invalid_body',
      check: (body) => expect((body as { message: string }).message).toContain("'categoryId'"),
    },
  ],
  [
    'a string categoryId is 400 naming the field and rule',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":"7"}',
      status: 400,
      code: 'invalid_body',
      check: (body) =>
        expect((body as { message: string }).message).toContain('body/categoryId must be integer'),
    },
  ],
  [
    'a fractional categoryId is 400',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":1.5}',
      status: 400,
      code: 'invalid_body',
    },
  ],
  [
    'an unknown status value is 400',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":1,"status":"lost"}',
      status: 400,
      code: 'invalid_body',
    },
  ],
  [
    'a null name is 400',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":null,"categoryId":1}',
      status: 400,
      code: 'invalid_body',
    },
  ],
  [
    'a client-sent id is 400: the service assigns ids',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"id":5,"name":"Zed","categoryId":1}',
      status: 400,
      code: 'read_only_field',
    },
  ],
  [
    'a categoryId beyond int64 is 400 naming the field and the range',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":"Zed","categoryId":9223372036854775808}',
      status: 400,
      code: 'invalid_body',
      check: (body) =>
        expect((body as { message: string }).message).toContain('body/categoryId must be a valid int64'),
    },
  ],
  [
    'malformed JSON is 400 malformed_json',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: '{"name":',
      status: 400,
      code: 'malformed_json',
    },
  ],
  [
    'a JSON array body is 400',
    { method: 'POST', path: '/pets', headers: JSON_BODY, body: '[]', status: 400, code: 'invalid_body' },
  ],
  [
    'an empty body is 400',
    { method: 'POST', path: '/pets', headers: JSON_BODY, body: '', status: 400, code: 'invalid_body' },
  ],
  [
    'a text/plain body is 415',
    {
      method: 'POST',
      path: '/pets',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: '{"name":"Zed","categoryId":1}',
      status: 415,
      code: 'unsupported_media_type',
    },
  ],
  [
    'application/json with a charset is accepted',
    {
      method: 'POST',
      path: '/pets',
      headers: { ...AUTH, 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"Zed","categoryId":1}',
      status: 201,
    },
  ],
  [
    'a body over 64 KiB is 413',
    {
      method: 'POST',
      path: '/pets',
      headers: JSON_BODY,
      body: JSON.stringify({ name: 'x'.repeat(70_000), categoryId: 1 }),
      status: 413,
      code: 'payload_too_large',
    },
  ],

  // getPet (4.3), deprecated (9.3)
  [
    'getPet returns the pet with the deprecation signals',
    {
      path: '/pets/3',
      headers: AUTH,
      status: 200,
      responseHeaders: {
        deprecation: '@1767225600',
        sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
        link: /^<\/v1\/pets>; rel="successor-version"$/,
      },
      check: (body) => expect(body).toEqual(seedPets[2]),
    },
  ],
  [
    'an unknown pet is 404 with the deprecation signals',
    { path: '/pets/999', headers: AUTH, status: 404, code: 'not_found', responseHeaders: { sunset: /2030/ } },
  ],
  [
    'a non-integer petId is 400',
    { path: '/pets/abc', headers: AUTH, status: 400, code: 'invalid_parameter' },
  ],
  ['a fractional petId is 400', { path: '/pets/1.0', headers: AUTH, status: 400, code: 'invalid_parameter' }],
  [
    'petId 2^53 + 1 is a valid int64 no pet has: 404, never pet 2^53',
    { path: '/pets/9007199254740993', headers: AUTH, status: 404, code: 'not_found' },
  ],
  [
    'petId beyond int64 is 400',
    { path: '/pets/9223372036854775808', headers: AUTH, status: 400, code: 'invalid_parameter' },
  ],
  [
    'petId 0 and negative ids are simply not found',
    { path: '/pets/-1', headers: AUTH, status: 404, code: 'not_found' },
  ],

  // Outside the operations: routes, methods, scenario forcing.
  [
    'an unknown path under /v1 is 404',
    { path: '/animals', headers: AUTH, status: 404, code: 'route_not_found' },
  ],
  [
    'a trailing slash is another path: 404',
    { path: '/pets/', headers: AUTH, status: 404, code: 'route_not_found' },
  ],
  ['paths are case-sensitive', { path: '/PETS', headers: AUTH, status: 404, code: 'route_not_found' }],
  [
    'an unsupported method is 405 with Allow',
    {
      method: 'DELETE',
      path: '/pets/1',
      headers: AUTH,
      status: 405,
      code: 'method_not_allowed',
      responseHeaders: { allow: 'GET, HEAD, OPTIONS' },
    },
  ],
  [
    'PUT on /pets is 405 with Allow',
    {
      method: 'PUT',
      path: '/pets',
      headers: AUTH,
      status: 405,
      code: 'method_not_allowed',
      responseHeaders: { allow: 'GET, POST, HEAD, OPTIONS' },
    },
  ],
  ['HEAD answers like GET, without a body', { method: 'HEAD', path: '/pets', headers: AUTH, status: 200 }],
  [
    'OPTIONS needs no key and lists the methods',
    { method: 'OPTIONS', path: '/pets', status: 204, responseHeaders: { allow: 'GET, POST, HEAD, OPTIONS' } },
  ],
  [
    'Prefer: code=401 forces the documented 401',
    { path: '/pets', headers: { ...AUTH, prefer: 'code=401' }, status: 401, code: 'unauthorized' },
  ],
  [
    'Prefer: code=404 forces getPet 404 for a pet that exists',
    { path: '/pets/1', headers: { ...AUTH, prefer: 'code=404' }, status: 404, code: 'not_found' },
  ],
  [
    'Prefer: code=400 forces createPet 400 for a valid body',
    {
      method: 'POST',
      path: '/pets',
      headers: { ...JSON_BODY, prefer: 'code=400' },
      body: '{"name":"Zed","categoryId":1}',
      status: 400,
    },
  ],
  [
    'Prefer: an undocumented code is 400 naming the documented ones',
    {
      path: '/pets',
      headers: { ...AUTH, prefer: 'code=404' },
      status: 400,
      code: 'invalid_parameter',
      check: (body) => expect((body as { message: string }).message).toContain('documented: 200, 400, 401'),
    },
  ],
]

let transports: Transport[] = []
let close: () => Promise<void> = async () => {}
beforeAll(async () => ({ transports, close } = await startTransports()))
afterAll(() => close())

describe.each(['msw', 'http'] as const)('the mock over %s', (name) => {
  const transport = () => transports.find((t) => t.name === name) as Transport
  beforeEach(() => transport().reset())

  test.each(rows.filter(([, row]) => !row.only || row.only === name))('%s', async (_title, row) => {
    const response = await fetch(`${transport().baseUrl}${row.path}`, {
      method: row.method ?? 'GET',
      headers: row.headers ?? {},
      ...(row.body !== undefined && { body: row.body }),
      signal: AbortSignal.timeout(5_000),
    })
    const text = await response.text()
    const body: unknown = text === '' ? undefined : JSON.parse(text)
    expect({ status: response.status, text: text.slice(0, 300) }).toMatchObject({ status: row.status })
    if (row.status >= 400) {
      expect(validateError(body) ? 'Error body' : describeAjvErrors(validateError.errors, 'body')).toBe(
        'Error body',
      )
      expect(body).toMatchObject({ status: row.status, ...(row.code && { code: row.code }) })
    }
    if (row.status < 300 && row.status !== 204 && row.method !== 'HEAD') {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    }
    if (row.method === 'HEAD' || row.status === 204) expect(text).toBe('')
    for (const [header, expected] of Object.entries(row.responseHeaders ?? {})) {
      const actual = response.headers.get(header)
      if (typeof expected === 'string') expect(actual).toBe(expected)
      else expect(actual).toMatch(expected)
    }
    row.check?.(body)
  })
})
