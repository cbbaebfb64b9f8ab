import type { JsonSchema } from '../../spec/runtime.ts'

/** The JSON types a schema can be violated with ("integer" apart from "number", as JSON Schema does). */
export const JSON_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'] as const
export type JsonType = (typeof JSON_TYPES)[number]

/** The ranges of OpenAPI's integer formats, exactly. */
export const INTEGER_RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
}

/**
 * The JSON types a schema accepts: its `type` (a number accepts integers), or, for an `enum` or
 * `const` without `type`, the types of its values; every type when the schema says nothing.
 *
 * @example
 * acceptedTypes({ type: 'number' }) // ['integer', 'number']
 */
export function acceptedTypes(schema: JsonSchema): JsonType[] {
  const declared = schema.type === undefined ? undefined : ([schema.type].flat() as JsonType[])
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined
  const types = declared ?? values?.map(typeOf) ?? [...JSON_TYPES]
  return JSON_TYPES.filter((type) => types.includes(type) || (type === 'integer' && types.includes('number')))
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value as JsonType
}

/**
 * A value of the given JSON type, built from a valid one where that makes the mistake plausible
 * (`"7"` for the integer 7, `[7]`), so a server that coerces is caught.
 *
 * @example
 * valueOfType('string', 7) // '7'
 */
export function valueOfType(type: JsonType, valid: unknown): unknown {
  switch (type) {
    case 'string':
      return typeof valid === 'string' ? 'x' : String(valid)
    case 'integer':
      return 42
    case 'number':
      return typeof valid === 'number' ? valid + 0.5 : 1.5
    case 'boolean':
      return true
    case 'array':
      return [valid]
    case 'object':
      return { value: valid }
    case 'null':
      return null
  }
}
