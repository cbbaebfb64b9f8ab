import type { ApiResponse } from './ApiResponse.ts'

/** Every `code` the mock puts in an Error body; the interface document leaves the set open. */
export type ErrorCode =
  | 'unauthorized'
  | 'invalid_parameter'
  | 'invalid_body'
  | 'malformed_json'
  | 'read_only_field'
  | 'not_found'
  | 'route_not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'malformed_request'
  | 'host_not_allowed'
  | 'cross_site_request'
  | 'store_full'
  | 'storage_failed'
  | 'session_evicted'

/**
 * The one place that builds an Error body: `{ code, message, status }`, with `status` always equal
 * to the HTTP status (interface document, part 7).
 *
 * @example
 * errorResponse(404, 'not_found', 'No pet has id 7.')
 */
export function errorResponse(
  status: number,
  code: ErrorCode | `http_${number}` | (string & {}),
  message: string,
  headers: Record<string, string> = {},
): ApiResponse {
  return jsonResponse({ code, message, status }, status, headers)
}

/**
 * An answer with a JSON body: the JSON Content-Type, then `headers`.
 *
 * @example
 * jsonResponse({ status: 'ok' }) // { status: 200, headers: { 'content-type': 'application/json' }, body: { status: 'ok' } }
 */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body }
}

export const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json' }
