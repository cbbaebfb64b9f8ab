import { json } from '../../kit/json/exactJson.ts'
import type { JsonSchema } from '../../spec/runtime.ts'
import { enumNearMisses, integersOutside } from '../json/nearMisses.ts'

/** The JSON types a schema can be violated with ("integer" apart from "number", as JSON Schema does). */
const JSON_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'] as const
type JsonType = (typeof JSON_TYPES)[number]

/** A number written with exactly these digits (beyond what a JavaScript number holds): JSON.stringify writes them as they are. */
export class RawNumber {
  readonly digits: string
  constructor(digits: string) {
    this.digits = digits
  }
  toJSON(): unknown {
    return json.rawJSON?.(this.digits)
  }
}

/** A body the schema forbids: what is wrong, the field at fault (none for the whole body), the body (RawNumber where digits matter; `bodyText` writes it). */
export type BodyViolation = { label: string; field?: string; body: unknown }

/** New unique values for string and integer fields, so a pet stored by mistake can be recognised afterwards. */
export type Markers = { text(): string; integer(): number }

/**
 * Every violation a JSON object schema implies (the createPet body's, so a change to the spec
 * changes the cases): for each property, each JSON type it does not accept (null, an integer's
 * digits as a string), near misses of its enum values (drawn from `seed`), every integer edge its
 * `format` or bounds refuse and 1E400 (past every double), one past `minLength` and `maxLength`;
 * each required property missing; the whole body of each other type. Every other field holds a
 * marker, so a body stored despite the 400 can be found.
 *
 * @example
 * bodyViolations(newPetSchema, markers, 7).map((v) => v.label)
 * // ['name is a JSON integer', …, 'status is "sold", in upper case: not one of available, pending, sold', …, 'without name (required)', …]
 */
export function bodyViolations(schema: JsonSchema, markers: Markers, seed = 0): BodyViolation[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = (schema.required ?? []) as string[]
  const validValue = (field: string): unknown => {
    const property = properties[field] ?? {}
    if (Array.isArray(property.enum)) return property.enum[0]
    const types = acceptedTypes(property)
    if (types.includes('string')) return markers.text()
    if (types.includes('integer')) return markers.integer()
    return property.example ?? property.default ?? null
  }
  // A valid body: every property with a marker (optional ones too, so their violations are the only fault).
  const validBody = (): Record<string, unknown> =>
    Object.fromEntries(Object.keys(properties).map((field) => [field, validValue(field)]))
  const cases: BodyViolation[] = []
  // A case: `field` holds `value`, every other field its valid marker.
  const add = (field: string, value: unknown, label: string) =>
    cases.push({ label: `${field} ${label}`, field, body: { ...validBody(), [field]: value } })

  for (const [field, property] of Object.entries(properties)) {
    const accepted = acceptedTypes(property)
    const valid = validValue(field)
    for (const type of JSON_TYPES.filter((t) => !accepted.includes(t)))
      add(field, valueOfType(type, valid), `is ${aJson(type)}`)
    if (Array.isArray(property.enum)) {
      const strings = property.enum.filter((value): value is string => typeof value === 'string')
      for (const { text, label } of enumNearMisses(strings, seed))
        add(field, text, `is ${label}: not one of ${strings.join(', ')}`)
    }
    // Past the end of every JSON number a double can hold too (1E400): a parser that reads doubles gets ±Infinity.
    if (accepted.includes('integer'))
      for (const { text, label } of [
        ...integersOutside(property),
        { text: '1E400', label: 'beyond every double' },
      ])
        add(field, new RawNumber(text), `is ${text}, ${label}`)
    if (typeof property.minLength === 'number' && property.minLength > 0)
      add(field, 'x'.repeat(property.minLength - 1), `is shorter than ${property.minLength}`)
    if (typeof property.maxLength === 'number')
      add(field, 'x'.repeat(property.maxLength + 1), `is longer than ${property.maxLength}`)
  }
  for (const field of required) {
    const { [field]: _left, ...rest } = validBody()
    cases.push({ label: `without ${field} (required)`, field, body: rest })
  }
  if (required.length > 0) cases.push({ label: 'an empty object (every required field missing)', body: {} })
  for (const type of JSON_TYPES.filter((t) => !acceptedTypes(schema).includes(t))) {
    const body = type === 'array' ? [validBody()] : valueOfType(type, markers.text())
    cases.push({ label: `the body is ${aJson(type)}`, body })
  }
  return cases
}

/**
 * The JSON types a schema accepts: its `type` (a number accepts integers), its `enum`'s or `const`'s, or all.
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

/** A value of the given JSON type, built from a valid one where that makes the mistake plausible (`"7"` for 7, `[7]`). */
function valueOfType(type: JsonType, valid: unknown): unknown {
  if (type === 'string') return typeof valid === 'string' ? 'x' : String(valid)
  if (type === 'number') return typeof valid === 'number' ? valid + 0.5 : 1.5
  const values = { integer: 42, boolean: true, array: [valid], object: { value: valid }, null: null }
  return values[type]
}

/** `null`, or `a JSON string`: how a label names a JSON type. */
function aJson(type: JsonType): string {
  return type === 'null' ? 'null' : `a JSON ${type}`
}

/**
 * The JSON text of a body, RawNumber written with its exact digits.
 *
 * @example
 * bodyText({ categoryId: new RawNumber('9223372036854775808') }) // '{"categoryId":9223372036854775808}'
 */
export function bodyText(body: unknown): string {
  return JSON.stringify(body)
}
