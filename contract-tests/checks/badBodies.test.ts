// The bad bodies are generated from the createPet schema in the spec: every case must really break it
// (or the check would demand a 400 for a valid request), each kind of violation must be there, and
// a change to spec/openapi.yaml must change the cases. The fixture keeps only what no schema implies.
import { describe, expect, test } from '@jest/globals'
import {
  compileSpec,
  compileValidators,
  defaultSpec,
  openApiDocument,
  type PetStoreDocument,
} from '../../spec/runtime.ts'
import { bodyText, bodyViolations } from '../negative/bodyViolations.ts'
import { BAD_BODIES, newPetSchema } from './badBodies.ts'

let counter = 0
const markers = { text: () => `ctmark${counter++}`, integer: () => 10_000 + counter++ }
const labels = (document: PetStoreDocument) =>
  bodyViolations(newPetSchema({ vocabulary: compileSpec(document, { lazy: true }).vocabulary }), markers).map(
    (violation) => violation.label,
  )

describe('generated createPet body violations', () => {
  const validate = compileValidators(openApiDocument).requestBody('createPet')
  const cases = bodyViolations(newPetSchema({ vocabulary: defaultSpec().vocabulary }), markers)

  test.each(cases.map((c) => [c.label, c] as const))('%s breaks NewPet', (_label, violation) => {
    const text = bodyText(violation.body)
    const beyond = /"categoryId":(-?\d{19,})/.exec(text)?.[1]
    // JSON.parse rounds 2^63 + 1 onto 2^63, which Ajv's int64 range must admit: compare those digits exactly.
    if (beyond) expect(BigInt(beyond) > 2n ** 63n - 1n || BigInt(beyond) < -(2n ** 63n)).toBe(true)
    else expect(validate(JSON.parse(text))).toBe(false)
  })

  test('each kind the schema implies is there', () => {
    const all = cases.map((c) => c.label)
    for (const expected of [
      'name is a JSON integer',
      'name is null',
      'categoryId is a JSON string',
      'categoryId is a JSON number',
      'categoryId is 9223372036854775808, beyond int64',
      'status is "available", in upper case: not one of available, pending, sold',
      'status is "sold", U+00A0 inserted at the start: not one of available, pending, sold',
      'categoryId is 9223372036854775809, beyond int64',
      'categoryId is -9223372036854775809, beyond int64',
      'status is null',
      'without name (required)',
      'without categoryId (required)',
      'the body is a JSON array',
      'the body is null',
      'the body is a JSON string',
    ])
      expect(all).toContain(expected)
  })

  test('every case but the empty ones carries a marker to find it by if it is stored', () => {
    for (const violation of cases.filter((c) => typeof c.body === 'object' && c.body !== null)) {
      const text = bodyText(violation.body)
      if (text === '{}') continue
      expect(text).toMatch(/ctmark\d+|"categoryId":1\d{4}/)
    }
  })

  test('a new field or enum value in the spec changes the cases', () => {
    const evolved = structuredClone(openApiDocument)
    const schema = newPetSchema({ vocabulary: compileSpec(evolved, { lazy: true }).vocabulary })
    const properties = schema.properties as Record<string, Record<string, unknown>>
    properties.weight = { type: 'integer', format: 'int32', minimum: 1, maximum: 500 }
    ;(schema.required as string[]).push('weight')
    ;(properties.status as { enum: string[] }).enum.push('reserved')
    const before = labels(openApiDocument)
    const after = labels(evolved)
    expect(after.filter((label) => !before.includes(label))).toEqual(
      expect.arrayContaining([
        'weight is a JSON string',
        'weight is 2147483648, beyond int32',
        'weight is 0, below its minimum 1',
        'weight is 501, above its maximum 500',
        'without weight (required)',
        'status is "reserved", in upper case: not one of available, pending, sold, reserved',
      ]),
    )
    // The evolved cases still all break the evolved schema.
    const validate = compileValidators(evolved).requestBody('createPet')
    for (const violation of bodyViolations(schema, markers).filter((v) => !/beyond int64/.test(v.label)))
      expect(validate(JSON.parse(bodyText(violation.body)))).toBe(false)
  })
})

describe('fixtures/contract-bad-bodies.json: what no schema implies', () => {
  test.each(BAD_BODIES)('row "$name" says why and is not valid JSON for NewPet', (row) => {
    expect(row.why.length).toBeGreaterThan(5)
    const validate = compileValidators(openApiDocument).requestBody('createPet')
    const text = row.body.replaceAll('{{name}}', 'ctfixture')
    const parsed = (() => {
      try {
        return { ok: true, value: JSON.parse(text) }
      } catch {
        return { ok: false }
      }
    })()
    // Not JSON, or JSON the schema accepts (a client id is a gap the schema leaves open).
    if (parsed.ok) expect(validate(parsed.value)).toBe(true)
  })
})
