import type { ValidateFunction } from 'ajv'
import type { Query } from '../../kit/http/ApiRequest.ts'
import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import * as spec from '../../spec/runtime.ts'
import type { ListQuery } from './PetStore.ts'

/**
 * listPets' `limit` and `status` by the spec's one parameter reader, as the proxy and the model read
 * them (decisions/037): a problem is a 400 naming the parameter; unknown ones are ignored.
 *
 * @example
 * listQueryParser(listPets, validators)(new URLSearchParams('limit=5&status=sold')) // { ok: true, value: { limit: 5, status: 'sold' } }
 */
export function listQueryParser(
  listPets: spec.SpecOperation,
  validators: spec.SpecValidators,
): (query: Query) => Parsed<ListQuery> {
  const limit = spec.parameterOf(listPets, spec.LIST_PARAMETERS.limit)
  // A document may drop the filter: its listPets is served all the same, unfiltered.
  const status = listPets.parameters.find((parameter) => parameter.name === spec.LIST_PARAMETERS.status)
  // The validator is asked for once, to check a first text (a lazy spec compiles it then), and kept.
  const readerOf = (parameter: spec.ParameterObject) => {
    let validate: ValidateFunction | undefined
    const validator = () => (validate ??= validators.parameter(listPets.operationId, parameter.name))
    return (query: Query): unknown => spec.readParameter(parameter, query.getAll(parameter.name), validator)
  }
  const readLimit = readerOf(limit)
  const readStatus = status && readerOf(status)
  return (query) => {
    const limitValue = readLimit(query)
    if (limitValue instanceof spec.ParameterProblem) return invalid(limitValue)
    const statusValue = readStatus?.(query)
    if (statusValue instanceof spec.ParameterProblem) return invalid(statusValue)
    return { ok: true, value: { limit: limitValue, status: statusValue } as ListQuery }
  }
}

function invalid(problem: spec.ParameterProblem): { ok: false; response: ApiResponse } {
  return refuse(errorResponse(400, 'invalid_parameter', problem.message))
}
