import { type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { clip } from '../../kit/text/clip.ts'
import { operations, type PetStoreDocument } from '../../spec/runtime.ts'
import { documentedErrorStatuses } from '../core/createEngine.ts'
import { readJsonText } from '../core/parseJsonBody.ts'
import type { PendingForce } from './ForcedResponses.ts'

/** An operation of the spec with the error statuses the mock can force for it. */
export interface ForceableOperation {
  operation: string
  method: string
  path: string
  statuses: number[]
}

/**
 * Every operation of the spec with its documented error statuses: the choices of
 * `POST /__mock/next-response` and the inspector page's buttons, so a status added to the spec
 * becomes a button without touching the page.
 *
 * @example
 * forceableOperations(document)[0] // { operation: 'listPets', method: 'GET', path: '/pets', statuses: [400, 401] }
 */
export function forceableOperations(document: PetStoreDocument): ForceableOperation[] {
  return operations(document).map((operation) => ({
    operation: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    statuses: documentedErrorStatuses(operation),
  }))
}

/**
 * Reads the body of `POST /__mock/next-response`: `{"operation": "listPets", "status": 401}`, where
 * the status must be an error status the spec documents for that operation. Anything else is a 400
 * Error body that lists what is allowed.
 *
 * @example
 * parseNextResponse('{"operation":"getPet","status":404}', document) // { ok: true, value: { operation: 'getPet', status: 404 } }
 */
export function parseNextResponse(
  body: string | undefined,
  document: PetStoreDocument,
): Parsed<PendingForce> {
  const read = readJsonText(body ?? '')
  if (!read.ok) return read
  const parsed = read.value.value
  const choices = forceableOperations(document)
  const usage = choices.map((choice) => `${choice.operation}: ${choice.statuses.join(', ')}`).join('; ')
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return refuse(
      errorResponse(400, 'invalid_body', `Send {"operation": ..., "status": ...}; documented: ${usage}.`),
    )
  const { operation, status } = parsed as { operation?: unknown; status?: unknown }
  const choice = choices.find((candidate) => candidate.operation === operation)
  if (!choice) {
    const names = choices.map((candidate) => candidate.operation).join(', ')
    const message = `"operation" must be one of ${names}; received ${clipJson(operation)}.`
    return refuse(errorResponse(400, 'invalid_body', message))
  }
  if (typeof status !== 'number' || !choice.statuses.includes(status)) {
    const documented = choice.statuses.join(', ')
    const message = `"status" must be an error status documented for ${choice.operation} (${documented}); received ${clipJson(status)}.`
    return refuse(errorResponse(400, 'invalid_body', message))
  }
  return { ok: true, value: { operation: choice.operation, status } }
}

function clipJson(value: unknown): string {
  return clip(JSON.stringify(value) ?? 'nothing')
}
