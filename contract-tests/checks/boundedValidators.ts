import type { ErrorObject, ValidateFunction } from 'ajv'
import { plural } from '../../kit/text/plural.ts'
import { compileValidators, type SpecValidators } from '../../spec/compileValidators.ts'
import type { PetStoreDocument } from '../../spec/PetStoreDocument.ts'

/**
 * Values with more nodes than this are judged by the first-error validator: Ajv with every error
 * would build an error object for each bad item of a 1 MiB `[[],[],...]` (700,000 of them, 100 MB).
 */
export const ALL_ERRORS_NODES_MAX = 10_000

/**
 * The spec's validators, bounded in what a huge body costs: a value of at most
 * ALL_ERRORS_NODES_MAX nodes is judged with every error listed; a larger one by validators compiled
 * to stop at the first error (the same verdict; the message names one error and says it stopped).
 *
 * @example
 * const validators = boundedValidators(spec.document, spec.validators)
 * validators.response('listPets', 200)?.(hugeBody) // false, with one error in .errors
 */
export function boundedValidators(document: PetStoreDocument, every: SpecValidators): SpecValidators {
  let first: SpecValidators | undefined
  const firstErrors = () => {
    first ??= compileValidators(document, { allErrors: false })
    return first
  }
  const wrapped = new Map<ValidateFunction, ValidateFunction>()
  const bound = (all: ValidateFunction, one: () => ValidateFunction): ValidateFunction => {
    let validate = wrapped.get(all)
    if (validate) return validate
    const judge = (data: unknown): boolean => {
      const small = nodesUpTo(data, ALL_ERRORS_NODES_MAX) < ALL_ERRORS_NODES_MAX
      const validator = small ? all : one()
      const valid = validator(data) as boolean
      judge.errors = valid ? null : stopped(validator.errors, small)
      return valid
    }
    judge.errors = null as ErrorObject[] | null
    validate = Object.assign(judge, { schema: all.schema, schemaEnv: all.schemaEnv }) as ValidateFunction
    wrapped.set(all, validate)
    return validate
  }
  return {
    schema: (name) => bound(every.schema(name), () => firstErrors().schema(name)),
    response: (operationId, status) => {
      const all = every.response(operationId, status)
      return all && bound(all, () => firstErrors().response(operationId, status) as ValidateFunction)
    },
    requestBody: (operationId) =>
      bound(every.requestBody(operationId), () => firstErrors().requestBody(operationId)),
    parameter: (operationId, name) =>
      bound(every.parameter(operationId, name), () => firstErrors().parameter(operationId, name)),
  }
}

function stopped(errors: ErrorObject[] | null | undefined, small: boolean): ErrorObject[] | null {
  if (!errors || small) return errors ?? null
  return errors.map((error) => ({
    ...error,
    message: `${error.message ?? error.keyword} (the body has over ${plural(ALL_ERRORS_NODES_MAX, 'value')}: the first error only)`,
  }))
}

/** How many values `value` holds, counting up to `max` only (cheap on any size). */
export function nodesUpTo(value: unknown, max: number): number {
  let count = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && count < max) {
    const next = stack.pop()
    count++
    if (typeof next === 'object' && next !== null) {
      for (const item of Array.isArray(next) ? next : Object.values(next)) {
        stack.push(item)
        if (stack.length + count >= max) return max
      }
    }
  }
  return count
}
