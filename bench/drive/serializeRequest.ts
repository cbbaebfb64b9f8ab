import type { AutocannonRequest } from 'autocannon'

/**
 * The bytes of one HTTP/1.1 request on a keep-alive connection to `host`, from the same description
 * autocannon is given (so both drivers send the same requests). A body gets its Content-Length.
 *
 * @example
 * serializeRequest('127.0.0.1:4010', { method: 'GET', path: '/v1/pets' }).toString() // 'GET /v1/pets HTTP/1.1\r\nhost: 127.0.0.1:4010\r\n\r\n'
 */
export function serializeRequest(host: string, request: AutocannonRequest): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body)
  let head = `${request.method ?? 'GET'} ${request.path ?? '/'} HTTP/1.1\r\nhost: ${host}\r\n`
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (/[\r\n]/.test(name + value)) throw new Error(`header ${name} holds a line break`)
    head += `${name}: ${value}\r\n`
  }
  if (body) head += `content-length: ${body.length}\r\n`
  const headBytes = Buffer.from(`${head}\r\n`, 'latin1')
  return body ? Buffer.concat([headBytes, body]) : headBytes
}
