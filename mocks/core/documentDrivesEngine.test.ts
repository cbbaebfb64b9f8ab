// Item by item, what the engine reads from the document rather than from code: each test edits a
// copy of the spec and shows the engine follows (deprecation, Location, CORS methods, error codes,
// documented ranges).
import { describe, expect, test } from '@jest/globals'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import {
  compileSpec,
  openApiDocument,
  type PetStoreDocument,
  type ResponseObject,
} from '../../spec/runtime.ts'
import { createEngine } from './createEngine.ts'
import { PetStore } from './PetStore.ts'

const key = 'Bearer petstore-dev-key'
const get = (url: string, headers: Record<string, string> = {}) =>
  apiRequest({
    method: 'GET',
    target: url,
    header: (name: string) => ({ authorization: key, ...headers })[name],
  })
const copy = () => structuredClone(openApiDocument) as PetStoreDocument
const engineFor = (document: PetStoreDocument) =>
  createEngine({
    store: new PetStore([{ id: 1, name: 'Rex', categoryId: 1 }]),
    spec: compileSpec(document),
    selfCheck: true,
  })

describe('the engine reads from the document', () => {
  test('every deprecated operation carries Deprecation and Sunset, not only getPet', () => {
    const document = copy()
    const listPets = document.paths['/pets']?.get
    if (!listPets) throw new Error('no listPets')
    expect(engineFor(document).handle(get('/v1/pets')).headers.deprecation).toBeUndefined()
    listPets.deprecated = true
    listPets['x-sunset'] = '2031-06-30'
    const headers = engineFor(document).handle(get('/v1/pets')).headers
    expect(headers.deprecation).toMatch(/^@\d+$/)
    expect(headers.sunset).toBe('Mon, 30 Jun 2031 00:00:00 GMT')
    expect(headers.link).toBeUndefined() // no x-successor: no successor link
  })

  test('Location follows the item path the document gives', () => {
    const document = copy()
    const { '/pets': pets, '/pets/{petId}': item, ...rest } = document.paths
    if (!pets || !item) throw new Error('no pets paths')
    document.paths = { ...rest, '/animals': pets, '/animals/{animalId}': item }
    for (const parameter of item.get?.parameters ?? [])
      if (parameter.in === 'path') parameter.name = 'animalId'
    const engine = engineFor(document)
    const created = engine.handle(
      apiRequest({
        method: 'POST',
        target: '/v1/animals',
        header: (name) => ({ authorization: key, 'content-type': 'application/json' })[name],
        body: '{"name":"Zed","categoryId":2}',
      }),
    )
    expect(created.headers.location).toBe(`/v1/animals/${(created.body as { id: number }).id}`)
    expect(engine.handle(get(created.headers.location ?? '')).status).toBe(200)
  })

  test('the methods CORS may allow are those of the document', () => {
    expect(engineFor(copy()).methods).toBe('GET, HEAD, POST, OPTIONS')
    const document = copy()
    const getPet = document.paths['/pets/{petId}']
    if (!getPet?.get) throw new Error('no getPet')
    getPet.delete = { ...getPet.get, operationId: 'deletePet', deprecated: false }
    expect(engineFor(document).methods).toBe('GET, HEAD, POST, DELETE, OPTIONS')
  })

  test("a forced error's code is the code of the document's example for that response", () => {
    const document = copy()
    const notFound = document.paths['/pets/{petId}']?.get?.responses['404']?.content?.['application/json']
    const example = notFound?.examples?.notFound
    if (!example) throw new Error('no 404 example')
    example.value = { code: 'pet_missing', message: 'No such pet.', status: 404 }
    const forced = engineFor(document).handle(get('/v1/pets/1', { prefer: 'code=404' }))
    expect(forced).toMatchObject({ status: 404, body: { code: 'pet_missing', status: 404 } })
  })

  test('a 4XX range in the document makes any 4xx status documented (Prefer and the self-check agree)', () => {
    const document = copy()
    const listPets = document.paths['/pets']?.get
    if (!listPets) throw new Error('no listPets')
    expect(engineFor(document).handle(get('/v1/pets', { prefer: 'code=418' })).status).toBe(400)
    listPets.responses['4XX'] = listPets.responses['401'] as ResponseObject
    const forced = engineFor(document).handle(get('/v1/pets', { prefer: 'code=418' }))
    expect(forced).toMatchObject({ status: 418, body: { status: 418 } })
  })
})

describe('an operation the mock has no handler for', () => {
  test('with no example, is answered with a value generated from its response schema, which the self-check validates', () => {
    const document = copy()
    const getPet = document.paths['/pets/{petId}']?.get
    if (!getPet) throw new Error('no getPet')
    const ok = structuredClone(getPet.responses['200']) as ResponseObject
    delete ok.content?.['application/json']?.examples
    document.paths['/pets/{petId}/twin'] = {
      get: { ...getPet, operationId: 'getTwin', responses: { ...getPet.responses, '200': ok } },
    }
    const answer = engineFor(document).handle(get('/v1/pets/3/twin'))
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ id: expect.any(Number), name: expect.any(String) })
    expect(answer.headers.deprecation).toMatch(/^@/) // getTwin copies getPet's deprecation
    expect(engineFor(document).handle(get('/v1/pets/abc/twin')).status).toBe(400) // petId is an integer
  })

  test('Prefer: example= picks a named example, and an unknown name is a 400 listing the names', () => {
    const document = copy()
    const listPets = document.paths['/pets']?.get
    if (!listPets) throw new Error('no listPets')
    document.paths['/pets/mine'] = { get: { ...listPets, operationId: 'listMine' } }
    const engine = engineFor(document)
    expect(engine.handle(get('/v1/pets/mine', { prefer: 'example=twoPets' })).body).toHaveLength(2)
    const unknown = engine.handle(get('/v1/pets/mine', { prefer: 'example=nope' }))
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_parameter' } })
    expect((unknown.body as { message: string }).message).toContain('twoPets')
  })
})
