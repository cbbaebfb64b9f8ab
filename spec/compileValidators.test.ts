import { describe, expect, test } from '@jest/globals'
import { compileValidators } from './compileValidators.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import type { JsonSchema, PetStoreDocument } from './PetStoreDocument.ts'

/** The packaged document with one more component schema. */
const withSchema = (name: string, schema: JsonSchema): PetStoreDocument => ({
  ...openApiDocument,
  components: {
    ...openApiDocument.components,
    schemas: { ...openApiDocument.components.schemas, [name]: schema },
  },
})

describe('compileValidators', () => {
  const unsafe = withSchema('Unsafe', { type: 'string', pattern: '^(a)\\1$' })

  test('compiles every schema at once by default, so a document that cannot run is refused at load', () => {
    expect(() => compileValidators(unsafe)).toThrow(/cannot run on the linear-time engine/)
  })

  test('lazy (the packaged document at start-up) compiles a schema on its first use, and validates alike', () => {
    const lazy = compileValidators(unsafe, { lazy: true })
    const eager = compileValidators(openApiDocument)
    for (const body of [{ name: 'Rex', categoryId: 1 }, { name: 'Rex' }, { name: 1, categoryId: 'x' }])
      expect(lazy.requestBody('createPet')(body)).toBe(eager.requestBody('createPet')(body))
    expect(() => lazy.schema('Unsafe')).toThrow(/cannot run on the linear-time engine/)
  })
})
