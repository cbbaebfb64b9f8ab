import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'

/** The upstream's answer as it sent it: status line, every header line in order, the body's bytes. */
export interface UpstreamAnswer {
  kind: 'answer'
  status: number
  statusMessage: string
  /** Name, value, name, value, … as received (repeats kept, in order). */
  rawHeaders: string[]
  /** The body's bytes, still in their content coding (gzip stays gzip). */
  body: Buffer
}

/**
 * Why no answer came back: `timeout` (not whole within the timeout, a dripping upstream included),
 * `unreachable` (refused, reset, bad TLS), `incomplete` (closed mid-answer), `too_large` (a body past
 * the cap), `over_budget` (the proxy's buffers for all exchanges together are full).
 */
export type UpstreamFailure = { kind: 'timeout' | 'unreachable' | 'incomplete' | 'too_large' | 'over_budget' }

export interface Forwarded {
  method: string
  /** An origin-form target (`/v1/pets?limit=2`): the caller refuses every other form. */
  target: string
  /** Header lines to send, flat (name, value, …), `Host` and `Content-Length` included. */
  headerLines: string[]
  body?: Buffer | undefined
}

export interface ForwardLimits {
  /** Milliseconds from sending the request to the last byte of the answer. */
  timeoutMs: number
  /** Bytes of the answer's body (as sent, before decoding) at most. */
  maxBodyBytes: number
  /** Takes `bytes` more from the proxy's shared buffer budget; false when they do not fit. */
  charge(bytes: number): boolean
}

/**
 * Sends one request to the upstream with `node:http(s)` (fetch would decode the body and fold repeated
 * headers) and reads the answer's raw bytes under the limits. Never rejects.
 *
 * @example
 * await forwardToUpstream(new URL('http://127.0.0.1:4010/v1'),
 *   { method: 'GET', target: '/v1/pets', headerLines: ['Host', '127.0.0.1:4010'] },
 *   { timeoutMs: 30_000, maxBodyBytes: 1_048_576, charge: () => true })
 * // { kind: 'answer', status: 200, statusMessage: 'OK', rawHeaders: [...], body: <Buffer …> }
 */
export function forwardToUpstream(
  upstream: URL,
  forwarded: Forwarded,
  limits: ForwardLimits,
): Promise<UpstreamAnswer | UpstreamFailure> {
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    let outgoing: ClientRequest | undefined
    const timer = setTimeout(() => fail('timeout'), limits.timeoutMs)
    let settled = false
    function settle(result: UpstreamAnswer | UpstreamFailure): void {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    function fail(kind: UpstreamFailure['kind']): void {
      settle({ kind })
      outgoing?.destroy()
    }
    try {
      outgoing = send({
        protocol: upstream.protocol,
        // The one upstream, by its parts: nothing of the client's target can name another host.
        hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: upstream.port === '' ? undefined : Number(upstream.port),
        method: forwarded.method,
        path: forwarded.target,
        headers: forwarded.headerLines,
        setHost: false,
      })
    } catch {
      // node:http refuses a target with a character it will not send (a space, a control byte).
      return fail('unreachable')
    }
    outgoing.on('error', () => fail('unreachable'))
    outgoing.on('response', (answer: IncomingMessage) => {
      const declared = Number(answer.headers['content-length'])
      if (declared > limits.maxBodyBytes) return fail('too_large')
      const chunks: Buffer[] = []
      let size = 0
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > limits.maxBodyBytes) return fail('too_large')
        if (!limits.charge(chunk.length)) return fail('over_budget')
        chunks.push(chunk)
      })
      answer.on('end', () =>
        settle({
          kind: 'answer',
          status: answer.statusCode ?? 502,
          statusMessage: answer.statusMessage ?? '',
          rawHeaders: answer.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      )
      // Closed or reset mid-body: what came is not the answer ('end' settled a whole one first).
      answer.on('close', () => fail('incomplete'))
      answer.on('error', () => fail('incomplete'))
    })
    outgoing.end(forwarded.body)
  })
}
