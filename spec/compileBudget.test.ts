// What the mock compiles of one document is bounded before Ajv starts (SPEC_LIMITS, docs/spec-as-input.md).
// Each bound at its worst shape (an object of many string properties, the most Ajv time per value):
// just under it is taken, one value more is refused naming the schema.
import { describe, expect, test } from '@jest/globals'
import { SCHEMA_COST } from './compileBudget.ts'
import { compileValidators } from './compileValidators.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import type { JsonSchema, PetStoreDocument } from './PetStoreDocument.ts'
import { SPEC_LIMITS } from './specLimits.ts'

/** An object schema of `values` values: itself, `type`, `properties`, then two per property. */
function wide(values: number, tag = 0): JsonSchema {
  const properties = Object.fromEntries(
    Array.from({ length: Math.floor((values - 4) / 2) }, (_, i) => [`p${i}`, { type: 'string' }]),
  )
  // `maxProperties` tells the schemas apart, and makes the count come out exact when odd.
  return (values - 4) % 2 === 0
    ? { type: 'object', maxProperties: 1_000_000 + tag, properties }
    : { type: 'object', maxProperties: 1_000_000 + tag, properties, minProperties: 0 }
}

/** The project's document with more component schemas. Lazy: the bounds hold before anything compiles. */
function compiledWith(schemas: Record<string, JsonSchema>) {
  const document = structuredClone(openApiDocument) as PetStoreDocument
  Object.assign(document.components.schemas, schemas)
  return () => compileValidators(document, { lazy: true })
}

describe('the schemas the mock compiles', () => {
  test(`one holds at most SPEC_LIMITS.maxSchemaValues (${SPEC_LIMITS.maxSchemaValues}) values`, () => {
    expect(compiledWith({ Wide: wide(SPEC_LIMITS.maxSchemaValues) })).not.toThrow()
    expect(compiledWith({ Wide: wide(SPEC_LIMITS.maxSchemaValues + 1) })).toThrow(
      `the schema components/schemas/Wide holds ${SPEC_LIMITS.maxSchemaValues + 1} values once its $refs are expanded, more than ${SPEC_LIMITS.maxSchemaValues} (SPEC_LIMITS.maxSchemaValues)`,
    )
  })

  test('a value shared by many $refs counts once per copy, as Ajv compiles it', () => {
    const shared = wide(1001)
    const copies = Math.floor(SPEC_LIMITS.maxSchemaValues / 1001) + 1
    const many = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: copies }, (_, i) => [`c${i}`, shared])),
    }
    expect(compiledWith({ Many: many })).toThrow(/the schema components\/schemas\/Many holds \d+ values/)
  })

  test(`all of them hold at most SPEC_LIMITS.maxCompiledValues (${SPEC_LIMITS.maxCompiledValues}) values`, () => {
    // Schemas of the largest size, then one more: the room it finds is what the project's own
    // schemas leave, less than one schema of the largest size.
    const per = SPEC_LIMITS.maxSchemaValues
    const count = Math.floor(SPEC_LIMITS.maxCompiledValues / (per + SCHEMA_COST))
    const full: Record<string, JsonSchema> = {}
    for (let i = 0; i < count; i++) full[`Wide${i}`] = wide(per, i)
    const room = (last: number) => compiledWith({ ...full, Last: wide(last, count) })
    // Binary search for the largest last schema that fits: the bound is exact, within one value.
    let fits = 4
    let over = per + 1
    while (over - fits > 1) {
      const middle = Math.floor((fits + over) / 2)
      try {
        room(middle)()
        fits = middle
      } catch {
        over = middle
      }
    }
    expect(over).toBeLessThanOrEqual(per)
    expect(fits).toBeGreaterThan(per - 1000)
    expect(room(fits)).not.toThrow()
    // Named where the total crossed: the last schema, or one the operations compile after it.
    expect(room(fits + 1)).toThrow(
      `the schemas to compile hold more than ${SPEC_LIMITS.maxCompiledValues} values once their $refs are expanded (SPEC_LIMITS.maxCompiledValues), reached at `,
    )
  })

  test('the project spec is far inside every bound', () => {
    expect(() => compileValidators(openApiDocument)).not.toThrow()
  })
})
