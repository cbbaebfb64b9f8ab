import { describe, expect, test } from '@jest/globals'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import { compileSpec, openApiDocument, operations, type PetStoreDocument } from '../../spec/runtime.ts'
import { ForcedResponses } from '../server/ForcedResponses.ts'
import { createEngine, documentedErrorStatuses } from './createEngine.ts'
import { PetStore } from './PetStore.ts'

const request = (url: string, headers: Record<string, string> = {}) =>
  apiRequest({ method: 'GET', target: url, header: (name: string) => headers[name] })
const key = { authorization: 'Bearer petstore-dev-key' }

describe('createEngine', () => {
  test('answers an operation it has no handler for from the spec, and says which ones those are', () => {
    const document = structuredClone(openApiDocument) as PetStoreDocument
    const listPets = document.paths['/pets']?.get
    if (!listPets) throw new Error('the spec has no GET /pets')
    document.paths['/pets/{petId}/photos'] = { get: { ...listPets, operationId: 'listPhotos' } }
    const engine = createEngine({ store: new PetStore(), spec: compileSpec(document), selfCheck: true })
    expect(engine.stateful).toEqual(['listPets', 'createPet', 'getPet'])
    expect(engine.specDriven).toEqual(['listPhotos'])
    const answer = engine.handle(request('/v1/pets/1/photos', key))
    const example = listPets.responses['200']?.content?.['application/json']?.examples?.twoPets?.value
    expect(answer).toMatchObject({ status: 200, body: example, operationId: 'listPhotos' })
    // Its parameters are validated like a stateful operation's, and auth applies.
    expect(engine.handle(request('/v1/pets/1/photos?limit=0', key)).status).toBe(400)
    expect(engine.handle(request('/v1/pets/1/photos')).status).toBe(401)
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
      spec: compileSpec(document),
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

describe('createEngine with a session', () => {
  const create = (name: string) =>
    apiRequest({
      method: 'POST',
      target: '/v1/pets',
      header: (n: string) => ({ ...key, 'content-type': 'application/json' })[n],
      body: JSON.stringify({ name, categoryId: 1 }),
    })

  test("answers from the session's store, not the engine's own", () => {
    const own = new PetStore()
    const engine = createEngine({ store: own })
    const session = { store: new PetStore() }
    expect(engine.handle(create('Only in the session'), session).status).toBe(201)
    expect(session.store.snapshot().map((pet) => pet.name)).toEqual(['Only in the session'])
    expect(own.size).toBe(0)
    expect(engine.handle(request('/v1/pets', key), session).body).toHaveLength(1)
    expect(engine.handle(request('/v1/pets', key)).body).toEqual([])
  })

  test('a one-shot forced status answers the next call of its operation only, once', () => {
    const engine = createEngine({ store: new PetStore(), selfCheck: true })
    const session = { store: new PetStore(), forced: new ForcedResponses() }
    session.forced.force('listPets', 400)
    expect(engine.handle(request('/v1/pets/1', key), session).status).toBe(404)
    const forced = engine.handle(request('/v1/pets', key), session)
    expect(forced).toMatchObject({ status: 400, body: { code: 'invalid_parameter', status: 400 } })
    expect(engine.handle(request('/v1/pets', key), session).status).toBe(200)
  })

  test('Prefer on the request wins, and the one-shot stays for the next call', () => {
    const engine = createEngine({ store: new PetStore() })
    const session = { store: new PetStore(), forced: new ForcedResponses() }
    session.forced.force('listPets', 400)
    expect(engine.handle(request('/v1/pets', { ...key, prefer: 'code=401' }), session).status).toBe(401)
    expect(engine.handle(request('/v1/pets', key), session).status).toBe(400)
  })

  test('a request that fails auth does not take the forced status', () => {
    const engine = createEngine({ store: new PetStore() })
    const session = { store: new PetStore(), forced: new ForcedResponses() }
    session.forced.force('listPets', 400)
    expect(engine.handle(request('/v1/pets'), session).status).toBe(401)
    expect(session.forced.pending()).toEqual([{ operation: 'listPets', status: 400 }])
  })

  test('the response names the operation that answered, for the journal', () => {
    const engine = createEngine({ store: new PetStore() })
    expect(engine.handle(request('/v1/pets/1', key)).operationId).toBe('getPet')
    expect(engine.handle(request('/v1/pets')).operationId).toBe('listPets')
    expect(engine.handle(request('/v1/nowhere', key)).operationId).toBeUndefined()
  })

  test('documentedErrorStatuses reads the forceable statuses from the spec', () => {
    const byOperation = Object.fromEntries(
      operations(openApiDocument).map((operation) => [
        operation.operationId,
        documentedErrorStatuses(operation),
      ]),
    )
    for (const operation of operations(openApiDocument)) {
      const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400)
      expect(byOperation[operation.operationId]).toEqual(errors.map(Number))
    }
  })
})
