import type { IncomingMessage } from 'node:http'

/** A request body as bytes (`readBodyBytes`): what a proxy forwards unchanged. */
export interface ReadBytes {
  /** The bytes, or undefined when there was no body, it passed the cap, or the client went away. */
  bytes: Buffer | undefined
  tooLarge: boolean
  /** The client went away before the body was whole: there is nobody to answer. */
  aborted?: boolean
}

const NO_BYTES: ReadBytes = Object.freeze({ bytes: undefined, tooLarge: false })
const TOO_LARGE: ReadBytes = Object.freeze({ bytes: undefined, tooLarge: true })

/**
 * Reads a request body up to `maxBytes`, as bytes, and calls `done` once with it. Past the cap it
 * stops keeping bytes (the rest is drained, bounded by the server's request timeout) so a huge
 * upload cannot exhaust memory, and the client still reads the answer. A declared Content-Length
 * over the cap is refused before a byte is read. A request that carries no body at all (the common
 * case) is answered at once: the result is returned and `done` is never called.
 *
 * A callback rather than a promise: this is on every request with a body, and the promise and the
 * two turns of the microtask queue it costs showed in the mock's CPU per POST (docs/bench.md).
 *
 * @example
 * const now = readBodyInto(request, 1_048_576, answer) // { bytes: undefined, tooLarge: false } without a body
 * if (now) answer(now)
 */
export function readBodyInto(
  request: IncomingMessage,
  maxBytes: number,
  done: (read: ReadBytes) => void,
): ReadBytes | undefined {
  const declared = request.headers['content-length']
  if (declared === undefined && request.headers['transfer-encoding'] === undefined) return NO_BYTES
  if (declared !== undefined && Number(declared) > maxBytes) {
    request.resume()
    return TOO_LARGE
  }
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  // Once only: an error after the end (or a second error) must not answer the request twice.
  let settled = false
  const settle = (read: ReadBytes) => {
    if (settled) return
    settled = true
    done(read)
  }
  request.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > maxBytes) tooLarge = true
    else chunks.push(chunk)
  })
  request.on('end', () => settle({ bytes: tooLarge ? undefined : Buffer.concat(chunks), tooLarge }))
  // An abort mid-body is the client's doing, not an error of the server's: say so, answer nobody.
  request.on('error', () => settle({ bytes: undefined, tooLarge, aborted: true }))
  return undefined
}

/**
 * A body's bytes as UTF-8 text, as fetch's `text()` decodes them (so MSW, node:http and the proxy
 * agree): a leading byte order mark is dropped.
 *
 * @example
 * bodyText(Buffer.from('\ufeff{}')) // '{}'
 */
export function bodyText(bytes: Buffer): string {
  const text = bytes.toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
