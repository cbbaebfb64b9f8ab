import type { ApiResponse } from '../http/ApiResponse.ts'

// Not `import { STATUS_CODES } from 'node:http'`: its ES module facade loads undici at start-up.
const { STATUS_CODES } = process.getBuiltinModule('node:http')

/**
 * A whole HTTP/1.1 response as text, for a socket that no ServerResponse serves (a CONNECT, HTTP
 * Node's parser refused): the status line, the headers, the JSON body and `connection: close`.
 *
 * @example
 * socket.end(rawErrorResponse(errorResponse(400, 'malformed_request', 'The request is not valid HTTP/1.1.')))
 */
export function rawErrorResponse(result: ApiResponse): string {
  const body = JSON.stringify(result.body)
  const head = [`HTTP/1.1 ${result.status} ${STATUS_CODES[result.status]}`]
  for (const [name, value] of Object.entries(result.headers)) head.push(`${name}: ${value}`)
  head.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close')
  return `${head.join('\r\n')}\r\n\r\n${body}`
}
