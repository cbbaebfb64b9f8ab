import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import { type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { clip } from '../../kit/text/clip.ts'
import {
  describeAjvErrors,
  type JsonSchema,
  type ParameterObject,
  type SpecOperation,
  type SpecValidators,
} from '../../spec/runtime.ts'

/** The path parameters the router decoded, and the one it could not decode, if any. */
export interface PathParameters {
  readonly params: Readonly<Record<string, string>>
  readonly undecodable?: string | undefined
}

/**
 * Reads and validates every parameter an operation declares (path, query, header), for an
 * operation the mock answers from the spec: text is read as its schema's type (integer, number,
 * boolean, array of those in form style), checked against the schema, and a missing required one or
 * a bad value is a 400 naming the parameter. Defaults from the schema fill omitted ones.
 *
 * @example
 * parseParameters(operation, request, { params: { petId: '7' } }, validators) // request: '/v1/pets/7?limit=2'
 * // { ok: true, value: { petId: 7, limit: 2 } }
 */
export function parseParameters(
  operation: SpecOperation,
  request: ApiRequest,
  path: PathParameters,
  validators: SpecValidators,
): Parsed<Record<string, unknown>> {
  const values: Record<string, unknown> = {}
  for (const parameter of operation.parameters) {
    const texts = textsOf(parameter, request, path)
    if (texts === undefined) return invalid(`${parameter.name} is not valid percent-encoding`)
    if (texts.length === 0) {
      if (parameter.required) return invalid(`${parameter.name} is required (${parameter.in})`)
      if (parameter.schema.default !== undefined) values[parameter.name] = parameter.schema.default
      continue
    }
    const isArray = parameter.schema.type === 'array'
    if (!isArray && texts.length > 1)
      return invalid(`${parameter.name} must be given at most once; received ${texts.length} values`)
    const itemSchema = (isArray ? parameter.schema.items : parameter.schema) as JsonSchema | undefined
    const items = (isArray ? texts.flatMap((t) => t.split(',')) : texts).map((t) => coerce(t, itemSchema))
    const value = isArray ? items : items[0]
    const validate = validators.parameter(operation.operationId, parameter.name)
    if (!validate(value)) {
      const received = clip(texts.join(','))
      return invalid(`${describeAjvErrors(validate.errors, parameter.name)}; received '${received}'`)
    }
    values[parameter.name] = value
  }
  return { ok: true, value: values }
}

/** The texts of a parameter (none when absent), or undefined for a path segment that cannot be decoded. */
function textsOf(
  parameter: ParameterObject,
  request: ApiRequest,
  path: PathParameters,
): string[] | undefined {
  if (parameter.in === 'query') return request.query.getAll(parameter.name)
  if (parameter.in === 'header') {
    const value = request.header(parameter.name.toLowerCase())
    return value === undefined ? [] : [value]
  }
  if (parameter.in === 'path') {
    if (path.undecodable === parameter.name) return undefined
    const text = path.params[parameter.name]
    return text === undefined ? [] : [text]
  }
  return [] // cookie parameters: the mock does not read cookies
}

const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/** Text as the schema's type; text that is not of that type stays text, so the schema check names it. */
function coerce(text: string, schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type
  if ((type === 'integer' || type === 'number') && NUMBER_TEXT.test(text)) return Number(text)
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true'
  return text
}

function invalid(message: string): { ok: false; response: ReturnType<typeof errorResponse> } {
  return refuse(errorResponse(400, 'invalid_parameter', message))
}
