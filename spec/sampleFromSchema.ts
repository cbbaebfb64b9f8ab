import type { JsonSchema } from './PetStoreDocument.ts'

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com/',
  'uri-reference': '/',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
}

/**
 * A value that satisfies a (dereferenced) JSON Schema, for a response the spec gives no example of:
 * the schema's own `const`, `example`, `examples[0]`, `default` or first `enum` value first, else the
 * smallest value of its type that meets its bounds (`minimum`, `minLength`, `minItems`, `required`).
 * Deterministic, so a frontend sees the same answer every time. Covers the keywords an API schema
 * usually holds; the caller validates the result against the schema all the same.
 *
 * @example
 * sampleFromSchema({ type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } })
 * // { id: 1 }
 */
export function sampleFromSchema(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 16) return null
  if ('const' in schema) return schema.const
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  if (Array.isArray(schema.allOf)) return mergeAll(schema.allOf as JsonSchema[], depth)
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const first = (schema[keyword] as JsonSchema[] | undefined)?.[0]
    if (first) return sampleFromSchema(first, depth + 1)
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (type === 'array') {
    const item = sampleFromSchema(schema.items as JsonSchema | undefined, depth + 1)
    return Array.from({ length: Math.max(1, Number(schema.minItems ?? 0)) }, () => item)
  }
  if (type === 'integer' || type === 'number') return sampleNumber(schema, type)
  if (type === 'boolean') return true
  if (type === 'string') return sampleString(schema)
  // Null unless an object, or a schema of no known type that declares properties.
  if (type !== 'object' && (type === 'null' || !schema.properties)) return null
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
  return Object.fromEntries(
    properties.map(([name, property]) => [name, sampleFromSchema(property, depth + 1)]),
  )
}

function mergeAll(parts: readonly JsonSchema[], depth: number): unknown {
  const samples = parts.map((part) => sampleFromSchema(part, depth + 1))
  if (samples.every((s) => typeof s === 'object' && s !== null && !Array.isArray(s)))
    return Object.assign({}, ...samples)
  return samples[0]
}

function sampleNumber(schema: JsonSchema, type: 'integer' | 'number'): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined
  const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined
  let value = minimum ?? (exclusive !== undefined ? exclusive + 1 : Math.min(0, maximum ?? 0))
  if (type === 'integer') value = Math.ceil(value)
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : undefined
  if (step) value = Math.ceil(value / step) * step
  return value
}

function sampleString(schema: JsonSchema): string {
  const sample = FORMAT_SAMPLES[String(schema.format)] ?? 'string'
  const padded = sample.padEnd(Number(schema.minLength ?? 0), 'x')
  return padded.slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : undefined)
}
