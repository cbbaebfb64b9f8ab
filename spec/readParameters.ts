import type { ValidateFunction } from 'ajv'
import { exactInteger } from '../kit/json/exactJson.ts'
import { clip } from '../kit/text/clip.ts'
import type { SpecValidators } from './compileValidators.ts'
import { describeAjvErrors } from './describeAjvErrors.ts'
import type { SpecOperation } from './operations.ts'
import type { JsonSchema, ParameterObject } from './PetStoreDocument.ts'

/** What the reader needs of a request (an `ApiRequest` is one) and of its route (a `Route` to an operation is one). */
type ParameterSource = { query: Pick<URLSearchParams, 'getAll'>; header?(name: string): string | undefined }
export type PathParameters = { params: Readonly<Record<string, string>>; undecodable?: string | undefined }

/**
 * A parameter refused, and the mock's 400 message. `refusedValue`: what the schema refuses of the value
 * itself; undefined (null to the constructor) when only its text is, a form (`1.0`, `+5`, a repeat).
 */
export class ParameterProblem {
  readonly kind: 'missing' | 'repeated' | 'undecodable' | 'not_of_type' | 'breaks_schema'
  readonly message: string
  readonly refusedValue: string | undefined
  constructor(kind: ParameterProblem['kind'], message: string, refusedValue: string | null = message) {
    this.kind = kind
    this.message = message
    this.refusedValue = refusedValue ?? undefined
  }
}

/** One declared parameter as read: absent (its default as value), given, spelled (given as `01`, `-0`), or refused. */
export type ParameterRead =
  | { parameter: ParameterObject; state: 'absent' | 'given' | 'spelled'; value: unknown }
  | { parameter: ParameterObject; state: 'problem'; problem: ParameterProblem }

/** An integer's text: digits, an optional minus, leading zeros allowed; a number's, JSON's (decisions/037). */
const INTEGER_TEXT = /^-?\d+$/
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/
/** Any decimal spelling of a number, blanks and a plus included: what `1.0` or ` +5` stands for. */
const SPELLED_NUMBER = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/
/** A number's text the reader accepts in a form the document does not decide: leading zeros, `-0`. */
const ZERO_LED = /^-?0\d|^-0(?:\.0*)?$/

/**
 * The one reader of request parameters of the mock, the proxy, the model and breaks (decisions/037):
 * each declared one's text (path, query, header) read as its schema's type, checked by its validator.
 *
 * @example
 * readParameters(listPets, apiRequest({ method: 'GET', target: '/v1/pets?limit=1.0' }), { params: {} }, validators)
 * // [{ state: 'problem', problem: { kind: 'not_of_type', refusedValue: undefined, … } }, { state: 'absent', … }]
 */
export function readParameters(
  operation: SpecOperation,
  request: ParameterSource,
  path: PathParameters,
  validators: SpecValidators,
): ParameterRead[] {
  return operation.parameters.map((parameter) => {
    const texts = textsOf(parameter, request, path)
    const value = readParameter(parameter, texts, () =>
      validators.parameter(operation.operationId, parameter.name),
    )
    if (value instanceof ParameterProblem) return { parameter, state: 'problem', problem: value }
    const spelled = typeof value === 'number' && texts?.some((text) => ZERO_LED.test(text))
    return { parameter, state: !texts?.length ? 'absent' : spelled ? 'spelled' : 'given', value }
  })
}

/**
 * One parameter from its texts (undefined: an undecodable segment; or one text): its value, its default
 * when absent, or a problem. Allocates nothing but the value on the common path; asks for its validator
 * only to check a text. An int64 is judged on its text exactly (a double cannot tell 2^63 from 2^63 - 1).
 *
 * @example
 * readParameter(limit, ['5'], () => validate) // 5; [] gives 20, the schema's default
 * readParameter(petId, '9223372036854775808', () => validate) // ParameterProblem { kind: 'breaks_schema', … }
 */
export function readParameter(
  parameter: ParameterObject,
  texts: readonly string[] | string | undefined,
  validator: () => ValidateFunction,
): unknown {
  const { name, schema } = parameter
  if (texts === undefined) return new ParameterProblem('undecodable', `${name} is not valid percent-encoding`)
  if (typeof texts === 'string' || (texts.length === 1 && schema.type !== 'array')) {
    const text = typeof texts === 'string' ? texts : (texts[0] as string)
    const type = typeOf(schema)
    const value = typedValue(type, text)
    if (value === undefined) {
      // A decimal spelling of a value the schema accepts: only its text is refused.
      const spelled = type !== 'boolean' && SPELLED_NUMBER.test(text) && validator()(Number(text))
      const message = notOfType(name, type, schema, text)
      return new ParameterProblem('not_of_type', message, spelled ? null : message)
    }
    // A digit run beyond any double (Number gives ±Infinity) is refused for its size, in its type's
    // and format's words as an int64 beyond 2^63 is, not in a validator's "must be integer".
    const int64 = type === 'integer' && schema.format === 'int64' && !Number.isSafeInteger(value)
    const infinite = value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY
    if (infinite || (int64 && exactInteger(text) === 'beyond-int64'))
      return new ParameterProblem('breaks_schema', notOfType(name, type, schema, text))
    return validator()(value) ? value : refused(validator(), name, text)
  }
  if (texts.length === 0 && parameter.required)
    return new ParameterProblem('missing', `${name} is required (${parameter.in})`)
  if (texts.length === 0) return schema.default
  if (schema.type === 'array') {
    const itemType = typeOf(schema.items as JsonSchema | undefined)
    const items = texts.flatMap((text) => text.split(',')).map((item) => typedValue(itemType, item) ?? item)
    return validator()(items) ? items : refused(validator(), name, texts.join(','))
  }
  // A repeat's value is refused only if one of its values is (decisions/037).
  const reads = texts.map((text) => readParameter(parameter, text, validator) as Partial<ParameterProblem>)
  const refusedValue = reads.find((read) => read.refusedValue !== undefined)?.refusedValue ?? null
  const message = `${name} must be given at most once; received ${texts.length} values`
  return new ParameterProblem('repeated', message, refusedValue)
}

/** Text as its type's value (a string's text is its value), or undefined when it is not that type's text. */
function typedValue(type: string | undefined, text: string): unknown {
  if (type === 'integer') return INTEGER_TEXT.test(text) ? Number(text) : undefined
  if (type === 'number') return NUMBER_TEXT.test(text) ? Number(text) : undefined
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined
  return text
}

/** `limit must be an integer (int32); received '1.5'` */
function notOfType(name: string, type: string | undefined, schema: JsonSchema, text: string): string {
  const format = schema.format ? ` (${schema.format})` : ''
  return `${name} must be ${type === 'integer' ? 'an' : 'a'} ${type}${format}; received '${clip(text)}'`
}

/** A parameter's texts (none when absent; undefined: a path segment that is not percent-encoding). */
function textsOf({ name, in: where }: ParameterObject, request: ParameterSource, path: PathParameters) {
  if (where === 'query') return request.query.getAll(name)
  if (where === 'path' && path.undecodable === name) return undefined
  const text = where === 'header' ? request.header?.(name.toLowerCase()) : path.params[name]
  return text === undefined || where === 'cookie' ? [] : [text] // no part reads cookies
}

const refused = (validate: ValidateFunction, name: string, text: string) =>
  new ParameterProblem(
    'breaks_schema',
    `${describeAjvErrors(validate.errors, name)}; received '${clip(text)}'`,
  )

function typeOf(schema: JsonSchema | undefined): string | undefined {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type
  return typeof type === 'string' ? type : undefined
}
