import { maxHeaderSize } from 'node:http'
import { plural } from '../../kit/text/plural.ts'

/** Why no response came, in the terms a user acts on: a timeout is not an unreachable host. */
export type NetworkFailure = 'timeout' | 'refused' | 'dns' | 'reset' | 'tls' | 'other'

const TIMEOUT_CODE = /^(ETIMEDOUT|UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT)$/
const HEADERS_OVERFLOW_CODES = new Set(['UND_ERR_HEADERS_OVERFLOW', 'HPE_HEADER_OVERFLOW'])
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA'])
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'])
const CERTIFICATE_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_(GET|VERIFY|DECRYPT))/

/**
 * Classifies a failed fetch (or a failed read of its body) from the error's cause and code, and
 * says it plainly, naming the host. `timedOut` is true when the request's own timeout fired;
 * `interim` counts the 1xx answers that came before (a target may send `102 Processing` for ever).
 *
 * @example
 * describeNetworkError(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), 'http://127.0.0.1:9/v1/pets', 5000, false)
 * // { kind: 'refused', message: 'connection refused by 127.0.0.1:9 (ECONNREFUSED): nothing listens there' }
 */
export function describeNetworkError(
  error: unknown,
  url: string,
  timeoutMs: number,
  timedOut: boolean,
  interim = 0,
): { kind: NetworkFailure; message: string } {
  // A URL fetch could not parse (`http://[::1:4010/v1`) is named as it was given, not thrown over.
  const { host, hostname } = URL.parse(url) ?? { host: url, hostname: url }
  const said = (kind: NetworkFailure, message: string) => ({ kind, message })
  const only = interim > 0 ? `, only ${plural(interim, 'interim (1xx) response')}` : ''
  if (timedOut || (error as Error | undefined)?.name === 'TimeoutError')
    return said('timeout', `timed out: no complete response from ${host} within ${timeoutMs} ms${only}`)
  const code = codeOf(error)
  const detail = messageOf(error)
  const coded = `${code}${detail ? `: ${detail}` : ''}`
  if (code === 'ECONNREFUSED')
    return said('refused', `connection refused by ${host} (ECONNREFUSED): nothing listens there`)
  if (DNS_CODES.has(code))
    return said('dns', `DNS lookup failed for ${hostname} (${code}): the name does not resolve`)
  if (TIMEOUT_CODE.test(code))
    return said('timeout', `timed out (${code}): no complete response from ${host}${only}`)
  if (HEADERS_OVERFLOW_CODES.has(code))
    return said('other', `response headers from ${host} over Node's ${maxHeaderSize}-byte limit (${code})`)
  if (RESET_CODES.has(code))
    return said('reset', `connection reset or closed by ${host} before a complete response (${coded})`)
  if (CERTIFICATE_CODE.test(code) || /\b(SSL|TLS)\b|certificate/i.test(detail))
    return said('tls', `TLS failure with ${host} (${code || 'TLS'}): ${detail}`)
  if (code.startsWith('HPE_')) return said('other', `the response from ${host} is not valid HTTP (${coded})`)
  return said('other', `${code ? `${code}: ` : ''}${detail || 'no response'} (${host})`)
}

/** The deepest code: undici wraps the socket's error as `cause`, Happy Eyeballs as `errors`. */
function codeOf(error: unknown): string {
  let code = ''
  type Link = { code?: unknown; cause?: unknown; errors?: Array<{ code?: unknown }> }
  for (let e = error as Link | undefined; e; e = e.cause as Link | undefined) {
    const found =
      typeof e.code === 'string' ? e.code : e.errors?.find((inner) => typeof inner.code === 'string')?.code
    if (typeof found === 'string') code = found
  }
  return code
}

function messageOf(error: unknown): string {
  let deepest = error as { message?: unknown; cause?: unknown } | undefined
  while (deepest?.cause && typeof (deepest.cause as { message?: unknown }).message === 'string')
    deepest = deepest.cause as typeof deepest
  const message = typeof deepest?.message === 'string' ? deepest.message : ''
  // OpenSSL's text ends in `...:SSL routines:<function>:<reason>:<file>:<line>:`: the reason is what helps.
  const openssl = /:SSL routines:[^:]*:([^:]+):/.exec(message)?.[1]
  return openssl ?? (message === 'fetch failed' ? '' : message)
}
