import type { Query } from '../../kit/http/ApiRequest.ts'
import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import {
  LIST_PARAMETERS,
  ParameterProblem,
  type PetStatus,
  parameterOf,
  readParameter,
  type SpecOperation,
  type SpecValidators,
} from '../../spec/runtime.ts'
import type { ListQuery } from './PetStore.ts'

/**
 * Reads `limit` and `status` for listPets by the spec's one parameter reader (decisions/037): its
 * bounds, default and allowed statuses are the spec's; a value or text it refuses is a 400 naming
 * the parameter (the interface document does not say what answers it). Unknown parameters are
 * ignored. Built once per engine; a request costs what reading its two parameters costs.
 *
 * @example
 * const parseListQuery = listQueryParser(listPets, validators)
 * parseListQuery(apiRequest({ method: 'GET', target: '/v1/pets?limit=5&status=sold' }).query) // { ok: true, value: { limit: 5, status: 'sold' } }
 */
export function listQueryParser(
  listPets: SpecOperation,
  validators: SpecValidators,
): (query: Query) => Parsed<ListQuery> {
  const limit = parameterOf(listPets, LIST_PARAMETERS.limit)
  // A document may drop the filter: its listPets is served all the same, unfiltered.
  const status = listPets.parameters.find((parameter) => parameter.name === LIST_PARAMETERS.status)
  const { operationId } = listPets
  return (query) => {
    const limitValue = readParameter(
      limit,
      query.getAll(limit.name),
      validators.parameter(operationId, limit.name),
    )
    if (limitValue instanceof ParameterProblem) return invalid(limitValue)
    const statusValue =
      status &&
      readParameter(status, query.getAll(status.name), validators.parameter(operationId, status.name))
    if (statusValue instanceof ParameterProblem) return invalid(statusValue)
    return { ok: true, value: { limit: limitValue as number, status: statusValue as PetStatus | undefined } }
  }
}

function invalid(problem: ParameterProblem): { ok: false; response: ApiResponse } {
  return refuse(errorResponse(400, 'invalid_parameter', problem.message))
}
