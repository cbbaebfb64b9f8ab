import type { ServerResponse } from 'node:http'
import type { ApiResponse } from '../http/ApiResponse.ts'
import { errorResponse } from '../http/errorResponse.ts'

/**
 * Writes an engine response: status, headers, and the body (as JSON, or `text` as is) with its
 * content-length. With `head`, the content-length a GET would get and no body (RFC 9110 section 9.3.2).
 *
 * @example
 * sendResponse(response, { status: 204, headers: {} })
 * sendResponse(response, errorResponse(413, 'payload_too_large', 'The body is over 1048576 bytes.'))
 */
export function sendResponse(response: ServerResponse, result: ApiResponse, head = false): void {
  const text = result.text ?? (result.body === undefined ? undefined : JSON.stringify(result.body))
  if (text !== undefined) result.headers['content-length'] = String(Buffer.byteLength(text))
  response.writeHead(result.status, result.headers)
  response.end(head ? undefined : text)
}

/**
 * What a request gets when the mock itself fails (a bug: the engine answers every input), without a stack.
 *
 * @example
 * sendInternalError(response)
 */
export function sendInternalError(response: ServerResponse): void {
  if (response.headersSent) return void response.destroy()
  sendResponse(
    response,
    errorResponse(500, 'internal_error', 'The mock failed to answer: this is a bug in the mock.'),
  )
}
