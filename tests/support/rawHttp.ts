import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'

/** A response read off the wire: status, lower-case headers (repeats joined with `, `) and body text. */
export interface WireResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends bytes as they are over a fresh TCP connection and reads one HTTP/1.1 response: for what
 * `fetch` and `node:http` refuse to send (malformed request lines, repeated Content-Length, CONNECT).
 * Rejects when no complete response arrives within `timeoutMs`, or the server closes without one.
 *
 * @example
 * await sendRaw(port, 'HELLO\r\n\r\n') // { status: 400, headers: {...}, body: '{"code":"malformed_request",...}' }
 */
export function sendRaw(port: number, text: string, timeoutMs = 5_000): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let received = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(
        new Error(`no complete response within ${timeoutMs} ms; got ${JSON.stringify(String(received))}`),
      )
    }, timeoutMs)
    const settle = (outcome: () => void) => {
      clearTimeout(timer)
      socket.destroy()
      outcome()
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const parsed = parseResponse(received)
      if (parsed) settle(() => resolve(parsed))
    })
    // The server may reset the connection while we still write (a body past the cap): what it
    // answered before that still counts.
    socket.on('error', () => {})
    socket.on('close', () => {
      const parsed = parseResponse(received)
      settle(() =>
        parsed ? resolve(parsed) : reject(new Error(`closed without a response: ${String(received)}`)),
      )
    })
  })
}

function parseResponse(bytes: Buffer): WireResponse | undefined {
  const end = bytes.indexOf('\r\n\r\n')
  if (end === -1) return undefined
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
  if (!status) return undefined
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  const length = Number(headers['content-length'] ?? 0)
  const body = bytes.subarray(end + 4)
  if (body.length < length) return undefined
  return { status, headers, body: body.subarray(0, length).toString('utf8') }
}

/**
 * One request through `node:http` on a fresh connection, headers sent exactly as listed (repeats
 * stay separate header lines, unlike `fetch`), `Content-Length` set for a body.
 */
export function sendHttp(
  port: number,
  request: { method: string; path: string; headers: ReadonlyArray<readonly [string, string]>; body?: Buffer },
  timeoutMs = 5_000,
): Promise<WireResponse> {
  const flat = ['host', `127.0.0.1:${port}`, ...request.headers.flat()]
  if (request.body !== undefined) flat.push('content-length', String(request.body.length))
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: flat,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}
