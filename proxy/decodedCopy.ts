import * as zlib from 'node:zlib'

/** What the judge may read of a body: its text, or why it cannot (the exchange is forwarded all the same). */
export type DecodedCopy = { text: string; notJudged?: undefined } | { text?: undefined; notJudged: string }

/** Codings one body may stack (`gzip, br`) before the proxy stops trying: each is one more bounded pass. */
const CODINGS_MAX = 4

/** Every decoder here takes only the bound on its output. */
type Decode = (bytes: Buffer, options: { maxOutputLength: number }) => Buffer

// zstd came to zlib in Node 22.15 and 23.8; the package runs from 22.12, where it is a coding the
// proxy cannot read (not judged). A named import of it would fail to load there.
const zstd = (zlib as { zstdDecompressSync?: Decode }).zstdDecompressSync

const DECODERS: Readonly<Record<string, Decode>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  br: zlib.brotliDecompressSync,
  ...(zstd && { zstd }),
  // `deflate` is the zlib format (RFC 9110 §8.4.1.2); some servers send raw deflate under the name.
  deflate: (bytes, options) => {
    try {
      return zlib.inflateSync(bytes, options)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error
      return zlib.inflateRawSync(bytes, options)
    }
  },
}

/**
 * A decoded copy of an answer's body for the judge (the client gets the bytes as sent), bounded in
 * DECODED bytes: zlib stops at `maxBytes` of output, so 1,617 bytes of brotli standing for 1 GiB cost
 * `maxBytes` at most. Codings are undone last first (RFC 9110 §8.4); an unknown one, a broken stream
 * or a body past the bound is not judged, and says why.
 *
 * @example
 * decodedCopy('gzip', gzipSync('[]'), 1_048_576) // { text: '[]' }
 * decodedCopy('br', bomb, 1_048_576) // { notJudged: 'its br body decodes to over 1048576 bytes' }
 */
export function decodedCopy(
  contentEncoding: string | undefined,
  bytes: Buffer,
  maxBytes: number,
): DecodedCopy {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  // No body (HEAD, 204, 304) is nothing to decode, whatever the coding it names.
  if (bytes.length === 0) return { text: '' }
  if (codings.length > CODINGS_MAX) return { notJudged: `its body stacks ${codings.length} content codings` }
  let body = bytes
  for (const coding of codings.reverse()) {
    const decode = Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined
    if (!decode) return { notJudged: `the proxy cannot read Content-Encoding ${coding.slice(0, 40)}` }
    try {
      body = decode(body, { maxOutputLength: maxBytes })
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
        ? { notJudged: `its ${coding} body decodes to over ${maxBytes} bytes` }
        : { notJudged: `its ${coding} body cannot be decoded` }
    }
  }
  if (body.length > maxBytes) return { notJudged: `its body is over ${maxBytes} bytes` }
  return { text: body.toString('utf8') }
}
