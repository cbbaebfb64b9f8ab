import type { IncomingMessage } from 'node:http'

/** A request body as bytes (`readBodyBytes`): what a proxy forwards unchanged. */
export interface ReadBytes {
  /** The bytes, or undefined when there was no body, it passed the cap, or the client went away. */
  bytes: Buffer | undefined
  tooLarge: boolean
  /** The client went away before the body was whole: there is nobody to answer. */
  aborted?: boolean
}

/** A request body as text (`readBody`): what the mock's engine reads. */
export type ReadBody = Omit<ReadBytes, 'bytes'> & { body: string | undefined }

const NO_BYTES: ReadBytes = Object.freeze({ bytes: undefined, tooLarge: false })
const NO_BODY: ReadBody = Object.freeze({ body: undefined, tooLarge: false })

/**
 * Reads a request body up to `maxBytes`, as bytes. Past the cap it stops keeping bytes (the rest is
 * drained, bounded by the server's request timeout) so a huge upload cannot exhaust memory, and the
 * client still reads the answer. A declared Content-Length over the cap is refused before a byte is
 * read. Answers synchronously (no promise) for requests that carry no body at all, the common case.
 *
 * @example
 * const read = await readBodyBytes(request, 1_048_576) // { bytes: <Buffer …>, tooLarge: false }
 */
export function readBodyBytes(request: IncomingMessage, maxBytes: number): ReadBytes | Promise<ReadBytes> {
  const declared = request.headers['content-length']
  if (declared === undefined && request.headers['transfer-encoding'] === undefined) return NO_BYTES
  if (declared !== undefined && Number(declared) > maxBytes) {
    request.resume()
    return Promise.resolve({ bytes: undefined, tooLarge: true })
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) tooLarge = true
      else chunks.push(chunk)
    })
    request.on('end', () => resolve({ bytes: tooLarge ? undefined : Buffer.concat(chunks), tooLarge }))
    // An abort mid-body is the client's doing, not an error of the server's: say so, answer nobody.
    request.on('error', () => resolve({ bytes: undefined, tooLarge, aborted: true }))
  })
}

/**
 * Reads a request body as UTF-8 up to `maxBytes` (`readBodyBytes`, decoded by `bodyText`).
 * Answers synchronously (no promise) for requests that carry no body at all, the common case.
 *
 * @example
 * const read = await readBody(request, 1_048_576) // { body: '{"name":"Rex"}', tooLarge: false }
 */
export function readBody(request: IncomingMessage, maxBytes: number): ReadBody | Promise<ReadBody> {
  const read = readBodyBytes(request, maxBytes)
  if (read === NO_BYTES) return NO_BODY
  return (read as Promise<ReadBytes>).then(({ bytes, tooLarge, aborted }) => ({
    body: bytes === undefined ? undefined : bodyText(bytes),
    tooLarge,
    ...(aborted && { aborted }),
  }))
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
