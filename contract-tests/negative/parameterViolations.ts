import type { SpecOperation } from '../../spec/runtime.ts'
import type { OperationName } from '../base/OperationName.ts'
import { acceptedTypes, INTEGER_RANGES } from './jsonTypes.ts'

/** One request with a parameter value the parameter's schema forbids. */
export interface ParameterViolation {
  operation: OperationName
  parameter: string
  /** The raw text sent (before percent-encoding). */
  value: string
  /** What is wrong: "limit is above its maximum 100". */
  label: string
  /** The call's parameters: the parameter at fault and its value, to be percent-encoded (operationTarget). */
  parameters: Readonly<Record<string, string>>
  /**
   * A query parameter given twice, each time with a value its schema allows (`limit=1&limit=2`): the
   * second value, sent after the first as `rawQuery`. A scalar parameter holds one value, so the
   * pair is no value of its schema; which one a lenient server reads is its choice.
   */
  repeated?: string
}

/**
 * Every violation the parameters' schemas imply, for each GET operation of the document (a
 * request that might succeed must not create anything): a value of another type (`abc`, `1.5`,
 * `true`, empty), an allowed number in hexadecimal (`0x1`), outside the enum (unknown, other
 * letter cases), below `minimum`, above `maximum`, beyond the integer `format`. The document is silent on the answer (§7), so what is judged is
 * left to the checks.
 *
 * @example
 * parameterViolations(spec.vocabulary.operations.values()).map((v) => `${v.operation} ${JSON.stringify(v.parameters)}`)
 * // ['listPets {"limit":"abc"}', …, 'listPets {"status":"Available"}', …, 'getPet {"petId":"1.5"}', …]
 */
export function parameterViolations(operations: Iterable<SpecOperation>): ParameterViolation[] {
  const cases: ParameterViolation[] = []
  for (const operation of [...operations].filter((o) => o.method === 'get')) {
    for (const parameter of operation.parameters.filter((p) => p.in === 'query' || p.in === 'path')) {
      const schema = parameter.schema
      const accepted = acceptedTypes(schema)
      const add = (value: string, label: string, repeated?: string) =>
        cases.push({
          operation: operation.operationId as OperationName,
          parameter: parameter.name,
          value,
          label,
          parameters: { [parameter.name]: value },
          ...(repeated === undefined ? {} : { repeated }),
        })
      const values = new Map<string, string>()
      if (!accepted.includes('string')) {
        values.set('abc', 'not a number')
        if (!accepted.includes('number')) values.set('1.5', 'not an integer')
        if (!accepted.includes('boolean')) values.set('true', 'a boolean')
        if (parameter.in === 'query') values.set('', 'empty')
        // An allowed integer in hexadecimal: no decimal digits, so no integer's text; a reader that
        // hands the text to a number parser of its language (Number('0x1') is 1) takes it.
        const allowed = Math.max(1, typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1)
        if (typeof schema.maximum !== 'number' || allowed <= schema.maximum)
          values.set(`0x${allowed.toString(16)}`, `${allowed} in hexadecimal, not decimal digits`)
      }
      if (Array.isArray(schema.enum)) {
        const allowed = schema.enum.map(String)
        const first = allowed[0] ?? 'value'
        const outside: Array<[string, string]> = [
          [`${first}-unknown`, `not one of ${allowed.join(', ')}`],
          ...allowed.flatMap(
            (value): Array<[string, string]> => [
              [value.slice(0, -1), `${value} without its last letter`],
              [value.toUpperCase(), `${value} in upper case`],
              [value.charAt(0).toUpperCase() + value.slice(1), `${value} capitalised`],
            ],
          ),
        ]
        if (parameter.in === 'query') outside.push(['', 'empty'])
        for (const [value, why] of outside) if (!allowed.includes(value)) values.set(value, why)
      }
      const range = INTEGER_RANGES[String(schema.format)]
      for (const beyond of range ? [range[1] + 1n, range[0] - 1n] : [])
        values.set(String(beyond), `beyond ${schema.format}`)
      if (typeof schema.minimum === 'number')
        values.set(String(schema.minimum - 1), `below its minimum ${schema.minimum}`)
      if (typeof schema.maximum === 'number')
        values.set(String(schema.maximum + 1), `above its maximum ${schema.maximum}`)
      if (parameter.in === 'query') {
        const pair = twoAllowedValues(schema)
        if (pair) add(pair[0], `${parameter.name} given twice (${pair[0]} and ${pair[1]})`, pair[1])
      }
      // A path still holding another parameter's template would not reach the operation.
      const rest =
        parameter.in === 'path' ? operation.path.replace(`{${parameter.name}}`, '') : operation.path
      if (/[{}]/.test(rest)) continue
      for (const [value, why] of values)
        if (parameter.in !== 'path' || value !== '')
          add(value, `${parameter.name}=${JSON.stringify(value)} (${why})`)
    }
  }
  return cases
}

/** Two distinct values a scalar schema allows (the first two of its enum, or its minimum and the next integer). */
function twoAllowedValues(
  schema: SpecOperation['parameters'][number]['schema'],
): [string, string] | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length >= 2)
    return [String(schema.enum[0]), String(schema.enum[1])]
  if (schema.type !== 'integer' || typeof schema.minimum !== 'number') return undefined
  const next = schema.minimum + 1
  if (typeof schema.maximum === 'number' && next > schema.maximum) return undefined
  return [String(schema.minimum), String(next)]
}
