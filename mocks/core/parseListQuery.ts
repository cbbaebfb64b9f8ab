import type { Query } from '../../kit/http/ApiRequest.ts'
import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { clip } from '../../kit/text/clip.ts'
import { describeAjvErrors, type PetStatus, type SpecValidators } from '../../spec/runtime.ts'
import type { ListQuery } from './PetStore.ts'

const INTEGER_TEXT = /^-?\d+$/

/**
 * Reads `limit` and `status` for listPets. Bounds, default and allowed statuses come from the spec's
 * parameter schemas; a value the spec does not allow is a 400 naming the parameter (the interface
 * document does not say what answers it). Unknown parameters are ignored.
 *
 * @example
 * parseListQuery(apiRequest({ method: 'GET', target: '/v1/pets?limit=5&status=sold' }).query, validators, 20) // { ok: true, value: { limit: 5, status: 'sold' } }
 */
export function parseListQuery(
  query: Query,
  validators: SpecValidators,
  defaultLimit: number,
): Parsed<ListQuery> {
  const limitValues = query.getAll('limit')
  const statusValues = query.getAll('status')
  if (limitValues.length > 1)
    return invalid(`limit must be given at most once; received ${limitValues.length} values`)
  if (statusValues.length > 1)
    return invalid(`status must be given at most once; received ${statusValues.length} values`)

  let limit = defaultLimit
  const limitText = limitValues[0]
  if (limitText !== undefined) {
    if (!INTEGER_TEXT.test(limitText))
      return invalid(`limit must be an integer; received '${clip(limitText)}'`)
    limit = Number(limitText)
    const validate = validators.parameter('listPets', 'limit')
    if (!validate(limit))
      return invalid(`${describeAjvErrors(validate.errors, 'limit')}; received '${clip(limitText)}'`)
  }

  const status = statusValues[0]
  if (status !== undefined) {
    const validate = validators.parameter('listPets', 'status')
    if (!validate(status))
      return invalid(`${describeAjvErrors(validate.errors, 'status')}; received '${clip(status)}'`)
  }
  return { ok: true, value: { limit, status: status as PetStatus | undefined } }
}

function invalid(message: string): { ok: false; response: ApiResponse } {
  return refuse(errorResponse(400, 'invalid_parameter', message))
}
