import { describe, expect, test } from '@jest/globals'
import { compileValidators, openApiDocument, type PetStoreDocument } from '../../spec/runtime.ts'
import { createEngine } from './createEngine.ts'
import { PetStore } from './PetStore.ts'

const request = (url: string, headers: Record<string, string> = {}) => ({
  method: 'GET',
  url,
  header: (name: string) => headers[name],
})

describe('createEngine', () => {
  test('refuses a spec operation it has no handler for, so the spec cannot outgrow the mock', () => {
    const document = structuredClone(openApiDocument) as PetStoreDocument
    const listPets = document.paths['/pets']?.get
    if (!listPets) throw new Error('the spec has no GET /pets')
    document.paths['/pets/{petId}/photos'] = { get: { ...listPets, operationId: 'listPhotos' } }
    expect(() =>
      createEngine({ store: new PetStore(), spec: { document, validators: compileValidators(document) } }),
    ).toThrow("the mock has no handler for operation 'listPhotos'")
  })

  test('takes limit bounds and default from the spec it is given', () => {
    const document = structuredClone(openApiDocument) as PetStoreDocument
    const limit = document.paths['/pets']?.get?.parameters?.find((p) => p.name === 'limit')
    if (!limit) throw new Error('the spec has no limit parameter')
    limit.schema = { ...limit.schema, maximum: 5, default: 3 }
    const engine = createEngine({
      store: new PetStore(
        Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `p${i}`, categoryId: 1 })),
      ),
      spec: { document, validators: compileValidators(document) },
    })
    const auth = { authorization: 'Bearer petstore-dev-key' }
    expect((engine.handle(request('/v1/pets', auth)).body as unknown[]).length).toBe(3)
    expect(engine.handle(request('/v1/pets?limit=6', auth)).status).toBe(400)
  })

  test('accepts only the keys it is given', () => {
    const engine = createEngine({ store: new PetStore(), apiKeys: ['k1', 'k2'] })
    expect(engine.handle(request('/v1/pets', { authorization: 'Bearer k2' })).status).toBe(200)
    expect(engine.handle(request('/v1/pets', { authorization: 'Bearer petstore-dev-key' })).status).toBe(401)
  })

  test('serves under another base path', () => {
    const engine = createEngine({ store: new PetStore(), basePath: '/api/v1/' })
    const auth = { authorization: 'Bearer petstore-dev-key' }
    expect(engine.handle(request('/api/v1/pets', auth)).status).toBe(200)
    expect(engine.handle(request('/v1/pets', auth)).status).toBe(404)
  })
})
