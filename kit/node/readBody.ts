import type { IncomingMessage } from 'node:http'

export interface ReadBody {
  body: string | undefined
  tooLarge: boolean
  /** The client went away before the body was whole: there is nobody to answer. */
  aborted?: boolean
}

const NO_BODY: ReadBody = Object.freeze({ body: undefined, tooLarge: false })

/**
 * Reads a request body as UTF-8 up to `maxBytes`. Past the cap it stops keeping bytes (the rest is
 * drained, bounded by the server's request timeout) so a huge upload cannot exhaust memory.
 * Answers synchronously (no promise) for requests that carry no body at all, the common case.
 */
export function readBody(request: IncomingMessage, maxBytes: number): ReadBody | Promise<ReadBody> {
  const declared = request.headers['content-length']
  if (declared === undefined && request.headers['transfer-encoding'] === undefined) return NO_BODY
  if (declared !== undefined && Number(declared) > maxBytes) {
    request.resume()
    return Promise.resolve({ body: undefined, tooLarge: true })
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
    request.on('end', () => resolve({ body: tooLarge ? undefined : decodeUtf8(chunks), tooLarge }))
    // An abort mid-body is the client's doing, not an error of the mock's: say so, answer nobody.
    request.on('error', () => resolve({ body: undefined, tooLarge, aborted: true }))
  })
}

/** UTF-8 as fetch's `text()` decodes it (so MSW and node:http agree): a leading byte order mark is dropped. */
function decodeUtf8(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
