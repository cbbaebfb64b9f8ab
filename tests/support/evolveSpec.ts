import type { JsonSchema, PetStoreDocument } from '../../spec/runtime.ts'

/** What the evolution adds, for the tests to look for. */
export const EVOLUTION = {
  field: 'nickname',
  status: 'adopted',
  limit: { maximum: 250, default: 50 },
  sunset: '2031-06-30',
  minePath: '/pets/mine',
  mineOperation: 'listMyPets',
  mineExamples: {
    two: [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: 'Tom', categoryId: 2, status: 'adopted', nickname: 'Tommy' },
    ],
    none: [],
  },
} as const

/**
 * The evolution of decisions/009-spec-driven-routing-and-fallback.md, applied to a bundled copy of the spec (its `$ref`s kept, so an edit to
 * NewPet reaches Pet): an optional field on NewPet (so on Pet), a fourth PetStatus value, a new
 * maximum and default for `limit`, listPets deprecated with a sunset, and a new path `/pets/mine`
 * after `/pets/{petId}` whose operation has examples. Nothing in mocks/ or contract-tests/ knows it.
 *
 * @example
 * await writeFile(path, JSON.stringify(evolveSpec(await bundleSpec())))
 */
export function evolveSpec(bundled: PetStoreDocument): PetStoreDocument {
  const document = structuredClone(bundled)
  const schemas = document.components.schemas
  const newPet = schemas.NewPet as { properties: Record<string, JsonSchema> }
  newPet.properties[EVOLUTION.field] = { type: 'string', description: 'A pet name for the animal.' }
  ;(schemas.PetStatus as { enum: string[] }).enum.push(EVOLUTION.status)
  const limit = document.components.parameters?.limit
  if (!limit) throw new Error('the spec has no limit parameter')
  limit.schema = { ...limit.schema, ...EVOLUTION.limit }
  const listPets = document.paths['/pets']?.get
  if (!listPets) throw new Error('the spec has no listPets')
  listPets.deprecated = true
  listPets['x-sunset'] = EVOLUTION.sunset
  // After /pets/{petId} in document order, where first-match routing would send it to getPet.
  document.paths[EVOLUTION.minePath] = {
    get: {
      operationId: EVOLUTION.mineOperation,
      summary: "List the caller's animals",
      tags: ['animals'],
      responses: {
        '200': {
          description: "The caller's animals.",
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Pets' },
              examples: Object.fromEntries(
                Object.entries(EVOLUTION.mineExamples).map(([name, value]) => [name, { value }]),
              ),
            },
          },
        },
        '401': { $ref: '#/components/responses/Unauthorized' } as never,
      },
    },
  }
  return document
}
