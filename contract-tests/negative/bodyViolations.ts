import type { JsonSchema } from '../../spec/runtime.ts'
import { acceptedTypes, INTEGER_RANGES, JSON_TYPES, type JsonType, valueOfType } from './jsonTypes.ts'

/** A number written with exactly these digits (beyond what a JavaScript number holds). */
export class RawNumber {
  readonly digits: string
  constructor(digits: string) {
    this.digits = digits
  }
}

/** One request body the schema forbids, for a generated negative test. */
export interface BodyViolation {
  /** What is wrong, for the finding: "categoryId is a string". */
  label: string
  /** The field at fault, or undefined for the whole body. */
  field?: string
  /** The body, with RawNumber where exact digits matter; serialise with `bodyText`. */
  body: unknown
}

/** What each case carries so a pet stored by mistake can be recognised afterwards. */
export interface Markers {
  /** A new unique string for a string field (the suite's pet names). */
  text(): string
  /** A new unique integer for an integer field. */
  integer(): number
}

/**
 * Every violation a JSON object schema implies, derived from the schema itself (the createPet
 * request body in the spec), so a new field, type or enum value in spec/openapi.yaml changes the
 * cases: for each property, a value of each JSON type it does not accept (null among them), values
 * outside its enum (unknown, and each value in other letter cases), below `minimum` and above
 * `maximum`, beyond its integer `format`, shorter than `minLength`, longer than `maxLength`; each
 * required property missing; and the whole body as an array, a string, a number, a boolean and null.
 * Every other field holds a valid marker value, so a body stored despite the 400 can be found.
 *
 * @example
 * bodyViolations(newPetSchema, markers).map((v) => v.label)
 * // ['name is a integer', …, 'status is "Available"', …, 'without name', …, 'the body is an array']
 */
export function bodyViolations(schema: JsonSchema, markers: Markers): BodyViolation[] {
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
      const allowed = property.enum as unknown[]
      const strings = allowed.filter((value): value is string => typeof value === 'string')
      const outside = [
        `${strings[0] ?? 'value'}-unknown`,
        '',
        ...strings.flatMap((value) => [
          value.slice(0, -1),
          value.toUpperCase(),
          value.charAt(0).toUpperCase() + value.slice(1),
          `${value} `,
        ]),
      ]
      for (const value of new Set(outside.filter((value) => !allowed.includes(value))))
        add(field, value, `is ${JSON.stringify(value)}, not one of ${strings.join(', ')}`)
    }
    const range = INTEGER_RANGES[String(property.format)]
    // Just past the format's ends, then past the end of every JSON number a double can hold (1E400):
    // a parser that reads doubles gets ±Infinity.
    if (accepted.includes('integer') && range)
      for (const digits of [String(range[1] + 1n), String(range[0] - 1n), '1E400', '-1E400'])
        add(field, new RawNumber(digits), `is ${digits}, beyond ${property.format}`)
    if (typeof property.minimum === 'number')
      add(field, property.minimum - 1, `is below its minimum ${property.minimum}`)
    if (typeof property.maximum === 'number')
      add(field, property.maximum + 1, `is above its maximum ${property.maximum}`)
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
  const placeholders: string[] = []
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawNumber)) return value
    placeholders.push(value.digits)
    return `\u0000raw${placeholders.length - 1}\u0000`
  })
  return text.replace(
    /"\\u0000raw(\d+)\\u0000"/g,
    (_match, index: string) => placeholders[Number(index)] ?? '0',
  )
}
