import type { OperationId } from '../spec/runtime.ts'
import type { InvariantProblem } from './InvariantProblem.ts'

/**
 * §7's invariant of every error answer: an Error body's `status` repeats the HTTP status. A body
 * with no numeric `status` is the schema's to judge (error_body_conformance); a status below 400 is
 * no error.
 *
 * @example
 * errorStatusProblem('getPet', 404, { code: 'not_found', message: 'x', status: 400 })
 * // { invariant: 'error_status_matches', received: 'HTTP 404 with Error.status 400', … }
 */
export function errorStatusProblem(
  operation: OperationId,
  status: number,
  body: unknown,
): InvariantProblem | undefined {
  if (status < 400 || typeof body !== 'object' || body === null) return undefined
  const said = (body as { status?: unknown }).status
  if ((typeof said !== 'number' && typeof said !== 'bigint') || Number(said) === status) return undefined
  return {
    invariant: 'error_status_matches',
    operation,
    received: `HTTP ${status} with Error.status ${said}`,
    documented: 'Error.status repeats the HTTP status code (§7)',
  }
}
