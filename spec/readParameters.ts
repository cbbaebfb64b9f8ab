import type { ValidateFunction } from 'ajv'
import { INT64_MAX, INT64_MIN } from '../kit/json/exactJson.ts'
import { clip } from '../kit/text/clip.ts'
import type { SpecValidators } from './compileValidators.ts'
import { describeAjvErrors } from './describeAjvErrors.ts'
import type { SpecOperation } from './operations.ts'
import type { JsonSchema, ParameterObject } from './PetStoreDocument.ts'

/** What the reader needs of a request: its query's decoded pairs, repeats kept, and its headers (an `ApiRequest` is one). */
export interface ParameterSource {
  readonly query: { getAll(name: string): string[] }
  header?(name: string): string | undefined
}

/** The path parameters the router decoded, and the one it could not decode, if any (a `Route` of kind `operation` is one). */
export interface PathParameters {
  readonly params: Readonly<Record<string, string>>
  readonly undecodable?: string | undefined
}

/**
 * Why a parameter could not be read: `missing` (required, absent), `repeated` (a non-array given
 * twice), `undecodable` (a path segment that is not percent-encoding), `not_of_type` (text that is not
 * its type's text: `1.0`, `+5`, `abc` for an integer), `breaks_schema` (a value its schema refuses).
 */
export type ParameterProblemKind = 'missing' | 'repeated' | 'undecodable' | 'not_of_type' | 'breaks_schema'

/** A parameter the reader refuses: the mock answers its `message` in a 400 `invalid_parameter`. */
export class ParameterProblem {
  readonly name: string
  readonly kind: ParameterProblemKind
  readonly message: string
  /**
   * What the schema refuses of the value itself, or undefined when only its text is refused: a
   * decimal spelling of a value the schema accepts (`1.0`, `+5`, `1e1`, ` 5`), or a repeat of such
   * values. The interface document decides the values, not their text (decisions/037).
   */
  readonly refusedValue: string | undefined

  constructor(name: string, kind: ParameterProblemKind, message: string, refusedValue: string | undefined) {
    this.name = name
    this.kind = kind
    this.message = message
    this.refusedValue = refusedValue
  }
}

/** One declared parameter as read: absent (its schema's default as value, if any), given, or refused. */
export type ParameterRead =
  | { readonly parameter: ParameterObject; readonly state: 'absent' | 'given'; readonly value: unknown }
  | { readonly parameter: ParameterObject; readonly state: 'problem'; readonly problem: ParameterProblem }

/** The text of an integer: decimal digits, an optional minus, leading zeros allowed (decisions/037). */
const INTEGER_TEXT = /^-?\d+$/
/** The text of a number: JSON's, leading zeros allowed. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/
/** Any decimal spelling of a number, sign, blanks and exponent included: what `1.0` or ` +5` stands for. */
const SPELLED_NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/

/**
 * Reads every parameter an operation declares (path, query, header; the mock reads no cookies),
 * the one rule of the mock, the proxy, the model and breaks: text is read as its schema's type
 * (integer, number, boolean; an array's items from its comma-separated texts), checked by the
 * spec's compiled validator, and each parameter is absent, given or refused with a problem.
 *
 * @example
 * readParameters(listPets, apiRequest({ method: 'GET', target: '/v1/pets?limit=1.0' }), { params: {} }, validators)
 * // [{ state: 'problem', problem: { kind: 'not_of_type', message: "limit must be an integer (int32); received '1.0'", refusedValue: undefined } },
 * //  { state: 'absent', value: undefined }]
 */
export function readParameters(
  operation: SpecOperation,
  request: ParameterSource,
  path: PathParameters,
  validators: SpecValidators,
): ParameterRead[] {
  return operation.parameters.map((parameter) => {
    const texts = textsOf(parameter, request, path)
    const value = readParameter(parameter, texts, validators.parameter(operation.operationId, parameter.name))
    if (value instanceof ParameterProblem) return { parameter, state: 'problem', problem: value }
    return { parameter, state: texts !== undefined && texts.length > 0 ? 'given' : 'absent', value }
  })
}

/** The first problem of a reading, if any: the one the mock answers. */
export function firstProblem(reads: readonly ParameterRead[]): ParameterProblem | undefined {
  for (const read of reads) if (read.state === 'problem') return read.problem
  return undefined
}

/**
 * One parameter from its texts (`undefined`: a segment that is not percent-encoding): its value,
 * its schema's default (or undefined) when absent, or a `ParameterProblem`. No allocation but the
 * value's on the common path: the mock's listPets reads `limit` and `status` by it on every request.
 *
 * @example
 * readParameter(limit, ['5'], validate) // 5
 * readParameter(limit, [], validate) // 20 (the schema's default)
 * readParameter(limit, ['5', '6'], validate) // ParameterProblem { kind: 'repeated', … }
 */
export function readParameter(
  parameter: ParameterObject,
  texts: readonly string[] | undefined,
  validate: ValidateFunction,
): unknown {
  const { name, schema } = parameter
  if (texts === undefined) {
    const message = `${name} is not valid percent-encoding`
    return new ParameterProblem(name, 'undecodable', message, message)
  }
  if (texts.length === 0) {
    if (!parameter.required) return schema.default
    const message = `${name} is required (${parameter.in})`
    return new ParameterProblem(name, 'missing', message, message)
  }
  if (schema.type === 'array') return readArray(name, schema, texts, validate)
  if (texts.length === 1) return readParameterText(parameter, texts[0] as string, validate)
  // The first of the repeated values the schema refuses, so a level can be told (decisions/037).
  let refusedValue: string | undefined
  for (const text of texts) {
    const read = readParameterText(parameter, text, validate)
    if (read instanceof ParameterProblem && read.refusedValue !== undefined) {
      refusedValue = read.refusedValue
      break
    }
  }
  const message = `${name} must be given at most once; received ${texts.length} values`
  return new ParameterProblem(name, 'repeated', message, refusedValue)
}

/**
 * One text of a parameter that is not an array: its value, or a `ParameterProblem`. An int64 is
 * judged on its text, exactly (a double cannot tell 2^63 from 2^63 - 1).
 *
 * @example
 * readParameterText(petId, '9223372036854775807', validate) // 9223372036854775807 as a double: a valid int64
 * readParameterText(petId, '9223372036854775808', validate) // ParameterProblem { kind: 'breaks_schema', … }
 */
export function readParameterText(
  parameter: ParameterObject,
  text: string,
  validate: ValidateFunction,
): unknown {
  const { name, schema } = parameter
  const type = typeOf(schema)
  let value: unknown = text
  if (type === 'integer' || type === 'number') {
    if (!(type === 'integer' ? INTEGER_TEXT : NUMBER_TEXT).test(text)) {
      const message = notOfType(name, schema, text)
      // A decimal spelling of a value the schema accepts: only its text is refused.
      const accepted = SPELLED_NUMBER.test(text) && validate(Number(text))
      return new ParameterProblem(name, 'not_of_type', message, accepted ? undefined : message)
    }
    value = Number(text)
    if (schema.format === 'int64' && !Number.isSafeInteger(value)) {
      const exact = BigInt(text)
      if (exact < INT64_MIN || exact > INT64_MAX) {
        const message = notOfType(name, schema, text)
        return new ParameterProblem(name, 'breaks_schema', message, message)
      }
    }
  } else if (type === 'boolean') {
    if (text !== 'true' && text !== 'false') {
      const message = notOfType(name, schema, text)
      return new ParameterProblem(name, 'not_of_type', message, message)
    }
    value = text === 'true'
  }
  if (validate(value)) return value
  const message = `${describeAjvErrors(validate.errors, name)}; received '${clip(text)}'`
  return new ParameterProblem(name, 'breaks_schema', message, message)
}

/** An array in form style: every text split on commas, each item read as its type, the whole checked. */
function readArray(name: string, schema: JsonSchema, texts: readonly string[], validate: ValidateFunction) {
  const itemType = typeOf(schema.items as JsonSchema | undefined)
  const values = texts
    .flatMap((text) => text.split(','))
    .map((item): unknown => {
      if (itemType === 'integer') return INTEGER_TEXT.test(item) ? Number(item) : item
      if (itemType === 'number') return NUMBER_TEXT.test(item) ? Number(item) : item
      if (itemType === 'boolean' && (item === 'true' || item === 'false')) return item === 'true'
      return item
    })
  if (validate(values)) return values
  const message = `${describeAjvErrors(validate.errors, name)}; received '${clip(texts.join(','))}'`
  return new ParameterProblem(name, 'breaks_schema', message, message)
}

/** The texts of a parameter (none when absent), or undefined for a path segment that cannot be decoded. */
function textsOf(parameter: ParameterObject, request: ParameterSource, path: PathParameters) {
  if (parameter.in === 'query') return request.query.getAll(parameter.name)
  if (parameter.in === 'header') {
    const value = request.header?.(parameter.name.toLowerCase())
    return value === undefined ? [] : [value]
  }
  if (parameter.in === 'path') {
    if (path.undecodable === parameter.name) return undefined
    const text = path.params[parameter.name]
    return text === undefined ? [] : [text]
  }
  return [] // cookie parameters: no part reads cookies
}

function typeOf(schema: JsonSchema | undefined): unknown {
  return Array.isArray(schema?.type) ? schema.type[0] : schema?.type
}

/** `limit must be an integer (int32); received '1.5'`: the sentence for text that is not its type's. */
function notOfType(name: string, schema: JsonSchema, text: string): string {
  const type = String(typeOf(schema))
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : ''
  return `${name} must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}${format}; received '${clip(text)}'`
}
