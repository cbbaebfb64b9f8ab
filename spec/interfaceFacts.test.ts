// Each row is one fact of the interface document (docs/interface-rules.md states its rules), read back from the validated spec, so an
// edit to spec/openapi.yaml that contradicts the interface document fails here, naming the fact.
import { describe, expect, test } from '@jest/globals'
import { isAddedStatus } from './isAddedStatus.ts'
import { loadSpec } from './loadSpec.ts'
import { operationById, operations, parameterOf } from './operations.ts'
import type { JsonSchema } from './PetStoreDocument.ts'

const document = await loadSpec()
const listPets = operationById(document, 'listPets')
const createPet = operationById(document, 'createPet')
const getPet = operationById(document, 'getPet')
const schemas = document.components.schemas
const propertyOf = (schema: JsonSchema | undefined, name: string): JsonSchema =>
  ((schema?.properties ?? {}) as Record<string, JsonSchema>)[name] ?? {}
const petParts = (schemas.Pet?.allOf ?? []) as JsonSchema[]
const errorSchemaOf = (status: string, operation = listPets) =>
  operation.responses[status]?.content?.['application/json']?.schema

const facts: Array<[fact: string, actual: () => unknown, expected: unknown]> = [
  ['§9.1 the interface is at version 1.0.0', () => document.info.version, '1.0.0'],
  [
    '§4 every server URL ends in the version segment /v1',
    () => document.servers.every((s) => s.url.endsWith('/v1')),
    true,
  ],
  [
    '§4 a production and a staging server',
    () => document.servers.some((s) => /staging/i.test(s.description ?? '')),
    true,
  ],
  ['§1 the one tag is animals', () => document.tags?.map((t) => t.name), ['animals']],
  [
    '§1 every operation is tagged animals',
    () => operations(document).every((o) => o.tags?.includes('animals')),
    true,
  ],
  [
    '§4 the operations',
    () =>
      operations(document)
        .map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`)
        .sort(),
    ['GET /pets listPets', 'GET /pets/{petId} getPet', 'POST /pets createPet'],
  ],
  [
    '§5 bearer scheme',
    () => Object.values(document.components.securitySchemes).map((s) => [s.type, s.scheme]),
    [['http', 'bearer']],
  ],
  ['§5.4 security declared once for the whole interface', () => document.security, [{ bearerAuth: [] }]],
  [
    '§5.4 no operation is open (none overrides security)',
    () =>
      operations(document)
        .filter((o) => o.security !== undefined)
        .map((o) => o.operationId),
    [],
  ],
  ['§4.1 limit minimum 1', () => parameterOf(listPets, 'limit').schema.minimum, 1],
  ['§4.1 limit maximum 100', () => parameterOf(listPets, 'limit').schema.maximum, 100],
  ['§4.1 limit default 20', () => parameterOf(listPets, 'limit').schema.default, 20],
  [
    '§4.1 limit is an optional integer query parameter',
    () => [
      parameterOf(listPets, 'limit').in,
      parameterOf(listPets, 'limit').required ?? false,
      parameterOf(listPets, 'limit').schema.type,
    ],
    ['query', false, 'integer'],
  ],
  [
    '§4.1 status is an optional PetStatus query parameter',
    () => [
      parameterOf(listPets, 'status').in,
      parameterOf(listPets, 'status').required ?? false,
      parameterOf(listPets, 'status').schema.enum,
    ],
    ['query', false, ['available', 'pending', 'sold']],
  ],
  [
    '§2 PetStatus is exactly available, pending, sold',
    () => schemas.PetStatus?.enum,
    ['available', 'pending', 'sold'],
  ],
  ['§2 NewPet requires name and categoryId', () => schemas.NewPet?.required, ['name', 'categoryId']],
  [
    '§2 NewPet.categoryId is an int64 integer',
    () => [propertyOf(schemas.NewPet, 'categoryId').type, propertyOf(schemas.NewPet, 'categoryId').format],
    ['integer', 'int64'],
  ],
  ['§2 NewPet.name is a string', () => propertyOf(schemas.NewPet, 'name').type, 'string'],
  [
    '§2 Pet requires id (int64) besides NewPet',
    () => [petParts[1]?.required, propertyOf(petParts[1], 'id').format],
    [['id'], 'int64'],
  ],
  ['§2 Pet holds every field of NewPet with the same rules', () => petParts[0], schemas.NewPet],
  ['§2 Error requires code, message, status', () => schemas.Error?.required, ['code', 'message', 'status']],
  [
    '§4.1 listPets answers 200 with Pets and 401',
    () => Object.keys(listPets.responses).filter((s) => s === '200' || s === '401'),
    ['200', '401'],
  ],
  [
    '§4.1 listPets 200 body is an array of Pet',
    () => (errorSchemaOf('200') as { type?: string })?.type,
    'array',
  ],
  [
    '§4.2 createPet body is required NewPet',
    () => [
      createPet.requestBody?.required,
      createPet.requestBody?.content['application/json']?.schema?.required,
    ],
    [true, ['name', 'categoryId']],
  ],
  [
    '§4.2 createPet answers 201, 400, 401',
    () => ['201', '400', '401'].every((s) => s in createPet.responses),
    true,
  ],
  [
    '§4.3 getPet answers 200, 401, 404',
    () => ['200', '401', '404'].every((s) => s in getPet.responses),
    true,
  ],
  [
    '§4.1-§4.3, §7 the statuses not marked x-added-statuses are exactly those the document lists',
    () =>
      Object.fromEntries(
        operations(document).map((o) => [
          o.operationId,
          Object.keys(o.responses).filter((status) => !isAddedStatus(o, status)),
        ]),
      ),
    { listPets: ['200', '401'], createPet: ['201', '400', '401'], getPet: ['200', '401', '404'] },
  ],
  [
    '§4.3 petId is a required int64 path parameter',
    () => [
      parameterOf(getPet, 'petId').in,
      parameterOf(getPet, 'petId').required,
      parameterOf(getPet, 'petId').schema.format,
    ],
    ['path', true, 'int64'],
  ],
  ['§9.3 getPet is deprecated', () => getPet.deprecated, true],
  ['§9.3 getPet is removed on 5 December 2030', () => getPet['x-sunset'], '2030-12-05'],
  ['§9.3 getPet is replaced by listPets with a status filter', () => getPet['x-successor'], 'listPets'],
  [
    '§9.4 no other operation is deprecated',
    () =>
      operations(document)
        .filter((o) => o.deprecated)
        .map((o) => o.operationId),
    ['getPet'],
  ],
  [
    '§7 every 4xx response of every operation is an Error body',
    () =>
      operations(document).flatMap((o) =>
        Object.entries(o.responses)
          .filter(([s]) => s.startsWith('4'))
          .filter(
            ([, r]) =>
              r.content?.['application/json']?.schema?.required?.toString() !== 'code,message,status',
          )
          .map(([s]) => `${o.operationId} ${s}`),
      ),
    [],
  ],
  [
    '§6 no events: the spec declares no webhooks and no callbacks',
    () => ['webhooks' in document, operations(document).some((o) => 'callbacks' in o)],
    [false, false],
  ],
  ['§5.3 every operation answers 401', () => operations(document).every((o) => '401' in o.responses), true],
  [
    '§4 bodies are application/json',
    () =>
      operations(document)
        .flatMap((o) => Object.values(o.responses).flatMap((r) => Object.keys(r.content ?? {})))
        .every((t) => t === 'application/json'),
    true,
  ],
]

describe('spec/openapi.yaml states every fact of the interface document', () => {
  test.each(facts)('%s', (_fact, actual, expected) => {
    expect(actual()).toEqual(expected)
  })
})
