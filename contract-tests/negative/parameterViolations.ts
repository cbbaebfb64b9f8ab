import type { SpecOperation } from '../../spec/runtime.ts'
import type { OperationName } from '../base/OperationName.ts'
import { enumNearMisses, integerSpellings, integersOutside } from '../json/nearMisses.ts'
import { acceptedTypes } from './bodyViolations.ts'

/** A request with a value (raw text, before percent-encoding) the parameter's schema forbids, what is wrong, and the call's parameters. */
export interface ParameterViolation {
  operation: OperationName
  parameter: string
  value: string
  label: string
  parameters: Readonly<Record<string, string>>
  /** A scalar query parameter given twice, each value allowed (`limit=1&limit=2`): the second, sent as `rawQuery`. */
  repeated?: string
}

/**
 * Every violation the parameters' schemas imply, for each GET operation (a request that might
 * succeed must create nothing): another type (`abc`, `1.5`, `true`, empty), an allowed number in
 * hexadecimal or a spelling that is no integer's text (`1.0`, `1e0`, `+1`), near misses of each enum
 * value (drawn from `seed`), every integer edge the bounds or the `format` refuse. The document is
 * silent on the answer (§7): what is judged is left to the checks.
 *
 * @example
 * parameterViolations(spec.vocabulary.operations.values(), 7).map((v) => `${v.operation} ${JSON.stringify(v.parameters)}`)
 * // ['listPets {"limit":"abc"}', …, 'listPets {"status":" available"}', …, 'getPet {"petId":"1.5"}', …]
 */
export function parameterViolations(operations: Iterable<SpecOperation>, seed = 0): ParameterViolation[] {
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
        // An allowed integer in hexadecimal or another spelling: a reader that hands the text to its
        // language's number parser (Number('0x1') is 1) takes it.
        const allowed = Math.max(1, typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1)
        if (typeof schema.maximum !== 'number' || allowed <= schema.maximum) {
          values.set(`0x${allowed.toString(16)}`, `${allowed} in hexadecimal, not decimal digits`)
          values.set(`+${allowed}`, `${allowed} with a plus sign`)
          for (const spelling of integerSpellings(BigInt(allowed)))
            if (!/^-?\d+$/.test(spelling.text)) values.set(spelling.text, `${allowed} ${spelling.label}`)
        }
      }
      if (Array.isArray(schema.enum)) {
        for (const { text, label } of enumNearMisses(schema.enum.map(String), seed)) values.set(text, label)
        if (parameter.in === 'query') values.set('', 'empty')
      }
      if (accepted.includes('integer'))
        for (const { text, label } of integersOutside(schema)) values.set(text, label)
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
