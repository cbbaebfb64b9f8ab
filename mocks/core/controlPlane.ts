import { describeAjvErrors, type Pet, type SpecValidators } from '../../spec/runtime.ts'
import type { EngineRequest, EngineResponse } from './EngineMessages.ts'
import { errorResponse, JSON_HEADERS } from './errorResponse.ts'
import type { PetStore } from './PetStore.ts'

/** Where the HTTP mock's control endpoints live: outside `/v1`, so they never shadow the API. */
export const CONTROL_PREFIX = '/__mock'

/**
 * The HTTP mock's control plane, for end-to-end tests that need a known store:
 * `GET /__mock/health` and `POST /__mock/reset` (no body: the default seed; a body: a JSON array of
 * Pet, validated against the spec). Returns undefined for paths outside the prefix.
 *
 * @example
 * curl -X POST http://127.0.0.1:4010/__mock/reset -H 'Content-Type: application/json'
 * curl -X POST http://127.0.0.1:4010/__mock/reset -H 'Content-Type: application/json' -d '[]'
 */
export function handleControl(
  request: EngineRequest,
  context: { store: PetStore; validators: SpecValidators; defaultSeed: readonly Pet[] },
): EngineResponse | undefined {
  const path = request.url.split('?')[0] ?? ''
  if (path !== CONTROL_PREFIX && !path.startsWith(`${CONTROL_PREFIX}/`)) return undefined
  const method = request.method.toUpperCase()
  if (path === `${CONTROL_PREFIX}/health`) {
    if (method !== 'GET') return notAllowed(path, 'GET')
    return { status: 200, headers: { ...JSON_HEADERS }, body: { status: 'ok', pets: context.store.size } }
  }
  if (path === `${CONTROL_PREFIX}/reset`) {
    if (method !== 'POST') return notAllowed(path, 'POST')
    const seed = parseSeed(request, context.validators)
    if (!Array.isArray(seed)) return seed ?? reset(context.store, context.defaultSeed)
    return reset(context.store, seed)
  }
  return errorResponse(
    404,
    'route_not_found',
    `No control endpoint ${path}; try ${CONTROL_PREFIX}/reset or ${CONTROL_PREFIX}/health.`,
  )
}

function reset(store: PetStore, seed: readonly Pet[]): EngineResponse {
  try {
    store.reset(seed)
  } catch (error) {
    return errorResponse(400, 'invalid_body', (error as Error).message)
  }
  return { status: 200, headers: { ...JSON_HEADERS }, body: { status: 'reset', pets: store.size } }
}

function parseSeed(request: EngineRequest, validators: SpecValidators): Pet[] | EngineResponse | undefined {
  if (!request.body || request.body.trim() === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(request.body)
  } catch (error) {
    return errorResponse(
      400,
      'malformed_json',
      `The request body is not valid JSON: ${(error as Error).message}`,
    )
  }
  const validate = validators.schema('Pets')
  if (!validate(parsed)) return errorResponse(400, 'invalid_body', describeAjvErrors(validate.errors, 'seed'))
  return parsed as Pet[]
}

function notAllowed(path: string, allow: string): EngineResponse {
  return errorResponse(405, 'method_not_allowed', `Only ${allow} is allowed on ${path}.`, { allow })
}
