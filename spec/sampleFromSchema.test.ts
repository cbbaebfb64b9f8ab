import { describe, expect, test } from '@jest/globals'
import { createAjv } from './createAjv.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import { operations } from './operations.ts'
import type { JsonSchema } from './PetStoreDocument.ts'
import { sampleFromSchema } from './sampleFromSchema.ts'

/** The schema with every example-like keyword removed, so the sampler has to build the value itself. */
function withoutExamples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutExamples)
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !['example', 'examples', 'default'].includes(key))
      .map(([key, value]) => [key, withoutExamples(value)]),
  )
}

const ajv = createAjv()
const schemas: Array<[string, JsonSchema]> = [
  ...Object.entries(openApiDocument.components.schemas),
  ...operations(openApiDocument).flatMap((operation) =>
    Object.entries(operation.responses).flatMap(([status, response]) => {
      const schema = response.content?.['application/json']?.schema
      return schema ? [[`${operation.operationId} ${status}`, schema] as [string, JsonSchema]] : []
    }),
  ),
]

describe('sampleFromSchema builds a value its schema accepts', () => {
  test.each(schemas)('%s, with its examples removed', (_name, schema) => {
    const bare = withoutExamples(schema) as JsonSchema
    expect(ajv.validate(bare, sampleFromSchema(bare))).toBe(true)
  })

  test('bounds, formats and required properties', () => {
    const schema = {
      type: 'object',
      required: ['count', 'when', 'tags'],
      properties: {
        count: { type: 'integer', minimum: 3, multipleOf: 2 },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', minItems: 2, items: { type: 'string', minLength: 8 } },
        ratio: { type: 'number', exclusiveMinimum: 0.5 },
      },
    }
    const sample = sampleFromSchema(schema)
    expect(ajv.validate(schema, sample)).toBe(true)
    expect(sample).toMatchObject({ count: 4, when: '2026-01-01T00:00:00Z' })
  })

  test('prefers the schema’s own example, then its default, then its first enum value', () => {
    expect(sampleFromSchema({ type: 'string', enum: ['b', 'a'], default: 'a', example: 'b' })).toBe('b')
    expect(sampleFromSchema({ type: 'string', enum: ['b', 'a'], default: 'a' })).toBe('a')
    expect(sampleFromSchema({ type: 'string', enum: ['b', 'a'] })).toBe('b')
  })
})
