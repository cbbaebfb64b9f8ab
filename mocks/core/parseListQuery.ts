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
  const read = (query: Query, parameter: spec.ParameterObject): unknown =>
    spec.readParameter(
      parameter,
      query.getAll(parameter.name),
      validators.parameter(listPets.operationId, parameter.name),
    )
  return (query) => {
    const limitValue = read(query, limit)
    if (limitValue instanceof spec.ParameterProblem) return invalid(limitValue)
    const statusValue = status && read(query, status)
    if (statusValue instanceof spec.ParameterProblem) return invalid(statusValue)
    return { ok: true, value: { limit: limitValue, status: statusValue } as ListQuery }
  }
}

function invalid(problem: spec.ParameterProblem): { ok: false; response: ApiResponse } {
  return refuse(errorResponse(400, 'invalid_parameter', problem.message))
}
