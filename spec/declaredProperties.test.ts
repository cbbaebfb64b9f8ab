import { describe, expect, test } from '@jest/globals'
import { declaredProperties, pickDeclared } from './declaredProperties.ts'
import { openApiDocument } from './generated/openApiDocument.ts'

describe('declaredProperties', () => {
  test("reads Pet's fields through allOf, from the document, not a list", () => {
    expect(declaredProperties(openApiDocument.components.schemas.Pet).sort()).toEqual([
      'categoryId',
      'id',
      'name',
      'status',
    ])
  })

  test('a property added to NewPet is a property of Pet', () => {
    const schemas = structuredClone(openApiDocument.components.schemas)
    const newPet = schemas.NewPet as { properties: Record<string, unknown> }
    newPet.properties.nickname = { type: 'string' }
    // Dereferenced: Pet's allOf holds NewPet itself, so point it at the edited copy.
    const pet = { ...schemas.Pet, allOf: [newPet, ...((schemas.Pet?.allOf as unknown[]) ?? []).slice(1)] }
    expect(declaredProperties(pet)).toContain('nickname')
  })

  test('pickDeclared keeps only the names given, and leaves out undefined values', () => {
    expect(pickDeclared({ name: 'Rex', extra: 1, status: undefined }, ['name', 'status'])).toEqual({
      name: 'Rex',
    })
  })
})
