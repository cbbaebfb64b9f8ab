// The catalogue of bad inputs (fixtures/bad-inputs.json), run row by row in-process (MSW's
// setupServer), over HTTP (node:http, or bytes over a socket) and through the validating proxy in
// front of the HTTP mock (whatever the proxy answers itself must be the same clear 4xx). Both mocks
// run with self-checking on, so an answer the spec does not document fails too.
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import { createProxy, type ValidatingProxy } from '../../proxy/createProxy.ts'
import { compileValidators, defaultSpec, describeAjvErrors, openApiDocument } from '../../spec/runtime.ts'
import { sendHttp, sendRaw, type WireResponse } from '../support/rawHttp.ts'
import { startTransports, type Transport } from '../support/startTransports.ts'

/** A text in the catalogue: a string, or parts where `{ repeat, times }` stands for a long run. */
type TextSpec = string | Array<string | { repeat: string; times: number }>

interface BadInput {
  id: string
  group: string
  description: string
  request:
    | { method: string; path: string; headers: Array<[string, TextSpec]>; body?: TextSpec }
    | { raw: TextSpec }
  /** `bodyIncludes`: text the raw body must hold, e.g. an int64 digit for digit (JSON.parse would round it). */
  expect: {
    status: number
    code?: string
    headers?: Record<string, string>
    schema?: string
    bodyIncludes?: string
  }
  transport?: 'http' | 'raw' | 'in-process'
}

const catalogue = JSON.parse(
  readFileSync(new URL('../../fixtures/bad-inputs.json', import.meta.url), 'utf8'),
) as { groups: string[]; rows: BadInput[] }
const validators = compileValidators(openApiDocument)
const validateError = validators.schema('Error')
const STACK_TRACE = /\n\s+at |node:internal|file:\/\/|\.[jt]s:\d+:\d+/

function text(spec: TextSpec): string {
  if (typeof spec === 'string') return spec
  return spec.map((part) => (typeof part === 'string' ? part : part.repeat.repeat(part.times))).join('')
}

/** Every field a Pet may have, from the spec (NewPet's properties and Pet's own, through allOf). */
function fieldsOf(schema: unknown): string[] {
  const node = schema as { properties?: object; allOf?: unknown[] }
  return [...Object.keys(node.properties ?? {}), ...(node.allOf ?? []).flatMap(fieldsOf)]
}
const PET_FIELDS = new Set(fieldsOf(openApiDocument.components.schemas.Pet))

let transports: Transport[] = []
let close: () => Promise<void> = async () => {}
let proxy: ValidatingProxy
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()
beforeAll(async () => {
  ;({ transports, close } = await startTransports())
  const http = transports.find((transport) => transport.name === 'http') as Transport
  proxy = createProxy({ upstream: http.baseUrl, spec: defaultSpec(), timeoutMs: 5_000 })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.server.address() as AddressInfo
  transports.push({ ...http, name: 'proxy', baseUrl: `http://127.0.0.1:${port}/v1` })
})
afterAll(async () => {
  proxy.server.closeAllConnections()
  await new Promise((resolve) => proxy.server.close(resolve))
  await close()
})

test('the catalogue has the groups of decisions/004-hardening.md, each with rows, and unique ids', () => {
  expect(catalogue.groups).toEqual([
    'auth headers',
    'query parameters',
    'path parameters',
    'bodies',
    'headers',
    'methods',
  ])
  const groups = new Set(catalogue.rows.map((row) => row.group))
  expect([...groups].sort()).toEqual([...catalogue.groups].sort())
  const ids = catalogue.rows.map((row) => row.id)
  expect(new Set(ids).size).toBe(ids.length)
})

/**
 * Rows the proxy answers itself, differently from the mock, by decision: it forwards origin-form
 * targets only, so CONNECT is a 400 there (decisions/027) where the mock says 405.
 */
const PROXY_OWN_ANSWERS: Record<string, BadInput['expect']> = {
  'method-connect-raw': { status: 400, code: 'malformed_request' },
}

const runs = {
  'in-process': (row: BadInput) => row.transport === undefined || row.transport === 'in-process',
  http: (row: BadInput) => row.transport !== 'in-process',
  proxy: (row: BadInput) => row.transport !== 'in-process',
}

describe.each(['in-process', 'http', 'proxy'] as const)('bad inputs %s', (name) => {
  const transport = () =>
    transports.find((t) => t.name === (name === 'in-process' ? 'msw' : name)) as Transport
  beforeEach(() => transport().reset())
  const rows = catalogue.rows.filter(runs[name]).map((row) => [`${row.group}: ${row.id}`, row] as const)

  test.each(rows)('%s', async (_title, row) => {
    const response = await send(transport(), row)
    const expected = (name === 'proxy' && PROXY_OWN_ANSWERS[row.id]) || row.expect
    const { status, code, headers = {}, schema, bodyIncludes } = expected
    expect({ status: response.status, body: response.body.slice(0, 300) }).toMatchObject({ status })
    expect(response.body).not.toMatch(STACK_TRACE)
    if (bodyIncludes) expect(response.body).toContain(bodyIncludes)
    for (const [header, value] of Object.entries(headers)) expect(response.headers[header]).toBe(value)

    const bodiless = response.status === 204 || ('method' in row.request && row.request.method === 'HEAD')
    if (bodiless) return expect(response.body).toBe('')
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body: unknown = JSON.parse(response.body)
    if (status >= 400) {
      expect(validateError(body) ? 'an Error body' : describeAjvErrors(validateError.errors, 'body')).toBe(
        'an Error body',
      )
      expect(body).toMatchObject({ status, code })
    }
    if (schema) {
      const validate = validators.schema(schema)
      expect(validate(body) ? schema : describeAjvErrors(validate.errors, 'body')).toBe(schema)
    }
    if (status === 201) {
      // Unknown fields (`__proto__`, `constructor`, extras) are neither echoed nor stored.
      expect(Object.keys(body as object).filter((field) => !PET_FIELDS.has(field))).toEqual([])
      const location = response.headers.location as string
      const stored = await send(transport(), {
        ...row,
        request: { method: 'GET', path: location, headers: [['authorization', 'Bearer petstore-dev-key']] },
      })
      expect(JSON.parse(stored.body)).toEqual(body)
      if (bodyIncludes) expect(stored.body).toContain(bodyIncludes)
    }
  })
})

test('no body polluted Object.prototype', () => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
})

async function send(transport: Transport, row: BadInput): Promise<WireResponse> {
  const port = Number(new URL(transport.baseUrl).port)
  if ('raw' in row.request) return sendRaw(port, text(row.request.raw))
  const { method, path, headers } = row.request
  const body = row.request.body === undefined ? undefined : Buffer.from(text(row.request.body))
  const pairs = headers.map(([header, value]) => [header, text(value)] as const)
  if (transport.name !== 'msw') return sendHttp(port, { method, path, headers: pairs, ...(body && { body }) })

  const fetchHeaders = new Headers()
  for (const [header, value] of pairs) fetchHeaders.append(header, value)
  // A Uint8Array body, so fetch adds no Content-Type of its own.
  const response = await fetch(`${new URL(transport.baseUrl).origin}${path}`, {
    method,
    headers: fetchHeaders,
    ...(body && { body: new Uint8Array(body) }),
    signal: AbortSignal.timeout(5_000),
  })
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  }
}
