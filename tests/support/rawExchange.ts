// Servers and clients that see HTTP as bytes, for the proxy's forwarding tests: an upstream whose
// answer the test writes line by line (compressed, repeated headers, dripping), and a client that
// reads the answer as sent (fetch would decode a gzip body and fold repeated headers).
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/** An answer as it crossed the wire: status, raw header lines (name, value, …) and the body's bytes. */
export interface RawAnswer {
  status: number
  rawHeaders: string[]
  body: Buffer
}

/** Every value of a header in raw lines, in order, by its name (any case). */
export function headerValues(answer: RawAnswer, name: string): string[] {
  const values: string[] = []
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2)
    if (answer.rawHeaders[i]?.toLowerCase() === name) values.push(answer.rawHeaders[i + 1] as string)
  return values
}

/**
 * GETs `url` with node:http and keeps the answer as sent; rejects after 10 s.
 *
 * @example
 * const answer = await getRaw('http://127.0.0.1:4020/v1/pets', { authorization: 'Bearer …' })
 */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers, agent: false, timeout: 10_000 }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          rawHeaders: answer.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      )
      answer.on('error', reject)
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} within 10 s`)))
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** A server on 127.0.0.1:0 with its origin, the requests it saw, and a close that ends its connections. */
export interface Listening {
  server: Server
  origin: string
  port: number
  seen: IncomingMessage[]
  close(): Promise<void>
}

/**
 * Starts `handler` on a free loopback port.
 *
 * @example
 * const upstream = await listenOn((request, response) => response.end('[]'))
 */
export async function listenOn(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Listening> {
  const seen: IncomingMessage[] = []
  const server = createServer((request, response) => {
    seen.push(request)
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
