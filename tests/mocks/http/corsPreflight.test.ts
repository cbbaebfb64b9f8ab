// A CORS preflight allows exactly the methods of the path it asks about, read here from the
// document itself (not through the router the mock uses): every path of the spec, its parameters
// drawn by fast-check, and every control endpoint. A document with a DELETE shows it is derived.
import { afterEach, describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { createHttpMock, type HttpMock, listen } from '../../../mocks/http/createHttpMock.ts'
import { MOCK_CONTROL } from '../../../mocks/server/controlPlane.ts'
import { compileSpec, defaultSpec, type PetStoreDocument } from '../../../spec/runtime.ts'

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const ORIGIN = 'http://localhost:5173'

let mock: HttpMock | undefined
afterEach(() => new Promise((resolve) => (mock ? mock.server.close(resolve) : resolve(undefined))))

async function start(document: PetStoreDocument): Promise<string> {
  mock = createHttpMock({ spec: compileSpec(document) })
  return (await listen(mock, 0, '127.0.0.1')).replace(/\/v1$/, '')
}

async function allowed(origin: string, path: string, method: string): Promise<Set<string>> {
  const response = await fetch(`${origin}${path}`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method },
  })
  expect(response.status).toBe(204)
  return new Set((response.headers.get('access-control-allow-methods') ?? '').split(', '))
}

/** What the document says a path allows: its operations, HEAD with GET, and OPTIONS. */
function documented(item: Record<string, unknown>): Set<string> {
  const methods = HTTP_METHODS.filter((method) => item[method] !== undefined).map((m) => m.toUpperCase())
  if (methods.includes('GET')) methods.push('HEAD')
  return new Set([...methods, 'OPTIONS'])
}

/** A path segment a client may send for a parameter: non-empty, no `/`, not a dot segment. */
const segment = fc
  .stringMatching(/^[A-Za-z0-9\-_~%]{1,12}$/)
  .filter((text) => text !== '.' && text !== '..' && !/%(?![0-9A-F]{2})/.test(text))

/** Checks every path of `document` on a mock serving it; gives back the mock's origin. */
async function checkEveryPath(document: PetStoreDocument): Promise<string> {
  const origin = await start(document)
  const templates = Object.entries(document.paths)
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...templates),
      fc.array(segment, { minLength: 4, maxLength: 4 }),
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      async ([template, item], values, asked) => {
        let n = 0
        const path = `/v1${template.replace(/\{[^/{}]+\}/g, () => values[n++ % values.length] as string)}`
        expect(await allowed(origin, path, asked)).toEqual(documented(item as Record<string, unknown>))
      },
    ),
    { numRuns: 40 },
  )
  return origin
}

describe('CORS preflight methods', () => {
  test('every path of the spec: exactly its methods, never DELETE', async () => {
    await checkEveryPath(defaultSpec().document)
  })

  test('a document with a DELETE: allowed on that path only', async () => {
    const document = structuredClone(defaultSpec().document)
    const item = document.paths['/pets/{petId}']
    if (!item?.get) throw new Error('the spec has no getPet')
    item.delete = { ...item.get, operationId: 'deletePet', deprecated: false }
    const origin = await checkEveryPath(document)
    expect(await allowed(origin, '/v1/pets', 'DELETE')).not.toContain('DELETE')
    expect(await allowed(origin, '/v1/pets/1', 'DELETE')).toContain('DELETE')
  })

  test('every control endpoint: exactly its methods', async () => {
    const origin = await start(defaultSpec().document)
    const byPath = new Map<string, string[]>()
    for (const endpoint of MOCK_CONTROL.endpoints()) {
      const [method, path] = endpoint.split(' ') as [string, string]
      // HEAD is answered wherever GET is (RFC 9110 section 9.3.2).
      byPath.set(path, [...(byPath.get(path) ?? []), ...(method === 'GET' ? ['GET', 'HEAD'] : [method])])
    }
    for (const [path, methods] of byPath)
      expect(await allowed(origin, path, methods[0] as string)).toEqual(new Set(methods))
  })

  test('the served document and the pages: GET and HEAD', async () => {
    const origin = await start(defaultSpec().document)
    for (const path of ['/__mock/openapi.yaml', '/__mock/openapi.json', '/__mock/', '/__mock/docs/'])
      expect(await allowed(origin, path, 'GET')).toEqual(new Set(['GET', 'HEAD']))
  })
})
