import type { OperationObject, ResponseObject } from './PetStoreDocument.ts'

/**
 * Which key of an operation's `responses` documents `status`, as OpenAPI reads it: the exact code
 * first, then its range (`4XX`, any case), then `default`. Undefined when none does.
 *
 * @example
 * documentedResponseKey({ '200': ok, '4XX': err }, 404) // '4XX'
 * documentedResponseKey({ '200': ok, default: err }, 503) // 'default'
 * documentedResponseKey({ '200': ok }, 404) // undefined
 */
export function documentedResponseKey(
  responses: Readonly<Record<string, ResponseObject>>,
  status: number,
): string | undefined {
  const exact = String(status)
  if (Object.hasOwn(responses, exact)) return exact
  const range = `${exact[0]}XX`
  for (const key of Object.keys(responses)) if (key.toUpperCase() === range) return key
  return Object.hasOwn(responses, 'default') ? 'default' : undefined
}

/**
 * True when the operation documents `status` (exactly, by range or by `default`). The one answer to
 * "is this status documented" for the mock's self-check, `Prefer: code=`, the validators and the
 * contract suite.
 *
 * @example
 * isDocumentedStatus(operationById(document, 'getPet'), 404) // true
 */
export function isDocumentedStatus(operation: Pick<OperationObject, 'responses'>, status: number): boolean {
  return documentedResponseKey(operation.responses, status) !== undefined
}
