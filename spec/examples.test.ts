import { describe, expect, test } from '@jest/globals'
import { createAjv } from './createAjv.ts'
import { describeAjvErrors } from './describeAjvErrors.ts'
import { loadSpec } from './loadSpec.ts'
import type { JsonSchema } from './PetStoreDocument.ts'

interface ExampleCase {
  where: string
  schema: JsonSchema
  value: unknown
}

/** Walks the dereferenced document and pairs every example with the schema it illustrates. */
function collectExamples(node: unknown, where: string, found: ExampleCase[]): ExampleCase[] {
  if (Array.isArray(node)) {
    for (const [index, child] of node.entries()) collectExamples(child, `${where}/${index}`, found)
    return found
  }
  if (typeof node !== 'object' || node === null) return found
  const record = node as Record<string, unknown>
  const schema = record.schema as JsonSchema | undefined
  const isSchema = typeof record.type === 'string' || 'allOf' in record || 'enum' in record
  if ('example' in record) {
    if (schema) found.push({ where: `${where}/example`, schema, value: record.example })
    else if (isSchema)
      found.push({ where: `${where}/example`, schema: record as JsonSchema, value: record.example })
  }
  if (schema && typeof record.examples === 'object' && record.examples !== null) {
    for (const [name, example] of Object.entries(record.examples as Record<string, { value?: unknown }>)) {
      found.push({ where: `${where}/examples/${name}`, schema, value: example.value })
    }
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== 'example' && key !== 'examples') collectExamples(child, `${where}/${key}`, found)
  }
  return found
}

const document = await loadSpec()
const cases = collectExamples(document, '#', [])
const ajv = createAjv()

describe('every example in the spec matches its schema', () => {
  test('the spec has examples for every operation', () => {
    for (const op of ['listPets', 'createPet', 'getPet']) {
      expect(cases.some((c) => c.where.includes(op === 'getPet' ? '/pets/{petId}' : '/pets/'))).toBe(true)
    }
    expect(cases.length).toBeGreaterThan(20)
  })

  test.each(cases.map((c) => [c.where, c] as const))('%s', (_where, { schema, value }) => {
    const { example: _example, ...withoutExample } = schema
    const validate = ajv.compile(withoutExample)
    expect(validate(value) ? 'valid' : describeAjvErrors(validate.errors, 'example')).toBe('valid')
  })
})

describe('collectExamples', () => {
  test('finds an example that breaks its schema, so the check above can fail', () => {
    const broken = { schema: { type: 'integer' }, example: 'not a number' }
    const [found] = collectExamples(broken, '#', [])
    expect(found?.value).toBe('not a number')
    expect(ajv.compile(found?.schema ?? {})(found?.value)).toBe(false)
  })
})
