import { maxHeaderSize } from 'node:http'
import { connect as connectTcp, isIP } from 'node:net'
import { connect as connectTls } from 'node:tls'
import { plural } from '../../kit/text/plural.ts'
import { currentInterim } from './countingInterim.ts'
import type { WireRequest } from './wireRequests.ts'

/** What came back, before it is judged: a body of at most the cap. */
export interface Answer {
  status: number
  headers: Headers
  bytes: Uint8Array
  /** Why the body was not read whole (longer than the cap). */
  cut?: string
}

/** How long a body sent with Expect waits for the 100 (RFC 9110 §10.1.1 lets a client go on without it). */
const EXPECT_WAIT_MS = 1_000
/** The pause between two TCP segments of one body, long enough for a busy server to read them apart (20 ms was not, on a loaded 2-core machine). */
const SEGMENT_PAUSE_MS = 50
/** The most a status line with its fields, or a chunk-size line, may take: Node's own limit, as fetch. */
const HEAD_MAX = maxHeaderSize

/**
 * Sends requests written in any form HTTP/1.x allows (wireRequests) on a connection of its own and
 * reads each answer as RFC 9112 §6.3 frames it: nothing after HEAD, 204 or 304; 1xx skipped;
 * chunked; Content-Length; else up to the close. `pipelined` writes them all before the first
 * answer is read. A body sent with Expect waits for the 100 (or EXPECT_WAIT_MS), and is not sent
 * when a final answer comes first. When the server closes the connection, or says it will, the
 * requests left go on a new one (sent again when it closed before a byte of their answer: RFC 9112
 * §9.3.1, they are HEAD and GET). A body is read up to `max` bytes, then the connection is dropped.
 * Throws what the socket throws, `signal`'s reason, or an error coded `HPE_…` for what is not HTTP/1.x.
 *
 * @example
 * const [head, get] = await sendRaw(new URL('http://127.0.0.1:4010/v1/pets'), wireRequests(…), { signal, max: 1_048_576 })
 */
export async function sendRaw(
  url: URL,
  requests: readonly WireRequest[],
  { signal, max, pipelined = false }: { signal: AbortSignal; max: number; pipelined?: boolean },
): Promise<Answer[]> {
  const answers: Answer[] = []
  while (answers.length < requests.length) {
    const left = requests.slice(answers.length)
    const connection = connect(url, signal, max)
    try {
      if (pipelined) for (const request of left) await connection.send(request)
      for (const [i, request] of left.entries()) {
        const sent = pipelined || (await connection.send(request))
        const read = await connection.answer(request).catch((error: unknown) => {
          if (i > 0 && !connection.heard() && !signal.aborted) return undefined
          throw error
        })
        if (!read) break
        answers.push(read.answer)
        if (!read.keep || !sent) break
      }
    } finally {
      connection.close()
    }
  }
  return answers
}

/** A connection, and what it received and was not read yet (at most about `max` bytes: past that the socket waits). */
function connect(url: URL, signal: AbortSignal, max: number) {
  signal.throwIfAborted()
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const tls = url.protocol === 'https:'
  const port = Number(url.port) || (tls ? 443 : 80)
  const socket = tls
    ? connectTls({ host, port, ...(isIP(host) === 0 && { servername: host }) })
    : connectTcp({ host, port })
  socket.setNoDelay(true)
  const abort = () => socket.destroy(signal.reason)
  signal.addEventListener('abort', abort, { once: true })
  // Read as it comes, so an answer is kept when the socket fails after it (a write refused: EPIPE).
  // Kept as the chunks that came, joined only when a line is looked for or bytes are taken: joined
  // on every chunk, a 1 MiB body read in 64 KiB pieces copied 8 MiB, and a run's peak memory showed it.
  let chunks: Buffer[] = []
  let held = 0
  const joined = (): Buffer => {
    if (chunks.length > 1) chunks = [Buffer.concat(chunks, held)]
    return chunks[0] ?? Buffer.alloc(0)
  }
  let heard = false
  let ended: { error: Error | undefined } | undefined
  let wake = () => {}
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    held += chunk.length
    heard = true
    // Past what one answer may need unread, the server waits (TCP's own backpressure) until it is read.
    if (held > max + HEAD_MAX) socket.pause()
    wake()
  })
  const end = (error?: Error) => {
    ended ??= { error }
    wake()
  }
  socket.on('end', () => end())
  socket.on('error', end)
  /** Waits for more bytes, `ms` at most; false once the server closed its side; throws why the socket failed. */
  const more = (ms?: number) =>
    new Promise<boolean>((resolve, reject) => {
      socket.resume()
      const timer = ms === undefined ? undefined : setTimeout(() => resolve(true), ms)
      wake = () => {
        clearTimeout(timer)
        if (ended?.error) reject(ended.error)
        else resolve(ended === undefined)
      }
      if (ended) wake()
    })
  const take = async (count: number): Promise<Buffer> => {
    while (held < count) if (!(await more())) throw failure('ECONNRESET', CLOSED)
    const all = joined()
    chunks = count < all.length ? [all.subarray(count)] : []
    held -= count
    return all.subarray(0, count)
  }
  /** The text before `delimiter` (consumed too), once it came. */
  const until = async (delimiter: string): Promise<string> => {
    for (let at = joined().indexOf(delimiter); ; at = joined().indexOf(delimiter)) {
      if (at >= 0) return (await take(at + delimiter.length)).toString('latin1', 0, at)
      if (held > HEAD_MAX) throw failure('HPE_HEADER_OVERFLOW', `a line over ${HEAD_MAX} bytes`)
      if (!(await more())) throw failure('ECONNRESET', CLOSED)
    }
  }
  const chunked = async (): Promise<[Buffer, boolean]> => {
    const parts: Buffer[] = []
    for (let size = 0; ; size += parts.at(-1)?.length ?? 0) {
      const line = await until('\r\n')
      const length = Number.parseInt(line, 16)
      if (!(length >= 0))
        throw failure('HPE_INVALID_CHUNK_SIZE', `chunk size ${JSON.stringify(line.slice(0, 9))}`)
      if (length === 0) {
        // The trailer section ends at an empty line.
        while ((await until('\r\n')) !== '');
        return [Buffer.concat(parts), true]
      }
      parts.push(await take(Math.min(length, max - size)))
      if (size + length > max) return [Buffer.concat(parts), false]
      await take(2)
    }
  }
  return {
    heard: () => heard,
    close() {
      signal.removeEventListener('abort', abort)
      socket.destroy()
    },
    /**
     * Writes the request, its body a segment at a time; false when an answer came before the whole
     * body (a final answer to its Expect, or a refusal: RFC 9112 §9.5, the rest is not sent).
     */
    async send(request: WireRequest): Promise<boolean> {
      const [first = Buffer.alloc(0), ...rest] = request.body
      const head = Buffer.from(request.head, 'latin1')
      // What came before the body is all sent: a 1xx (the 100, even later than EXPECT_WAIT_MS) is passed
      // over; anything else is a final answer, and the rest of the body is not sent.
      const noAnswerYet = async () => {
        while (held > 0 && /^HTTP\/1\.[01] 1\d\d/.test(joined().toString('latin1', 0, 12)))
          await until('\r\n\r\n')
        return held === 0
      }
      socket.write(request.expect ? head : Buffer.concat([head, first]))
      if (request.expect) {
        if (held === 0) await more(EXPECT_WAIT_MS)
        if (!(await noAnswerYet())) return false
        socket.write(first)
      }
      for (const piece of rest) {
        if (!(await more(SEGMENT_PAUSE_MS)) || !(await noAnswerYet())) return false
        socket.write(piece)
      }
      return true
    },
    /** The next final answer to a `method` request, and whether the connection may carry another. */
    async answer({ method, head }: WireRequest): Promise<{ answer: Answer; keep: boolean }> {
      // An HTTP/1.0 client knows no transfer coding (RFC 9112 §6.1: a server MUST NOT send one to
      // it): it reads a chunked answer as its bytes, up to the close, as a 1.0 client would.
      const old = / HTTP\/1\.0\r\n/.test(head.slice(0, head.indexOf('\r\n') + 2))
      heard = held > 0
      for (;;) {
        const [line = '', ...fields] = (await until('\r\n\r\n')).split('\r\n')
        const version = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: |$)/.exec(line)
        if (!version)
          throw failure('HPE_INVALID_CONSTANT', `not HTTP/1.x: ${JSON.stringify(line.slice(0, 60))}`)
        const status = Number(version[2])
        if (status < 200 && status !== 101) {
          const interim = currentInterim()
          if (interim) interim.count++
          continue
        }
        const field = (line: string, at = line.indexOf(':')) => [line.slice(0, at), line.slice(at + 1).trim()]
        const headers = new Headers(fields.map((line) => field(line) as [string, string]))
        const coding = old ? null : headers.get('transfer-encoding')
        const length = headers.get('content-length')
        let [bytes, whole, closes]: [Buffer, boolean, boolean] = [Buffer.alloc(0), true, false]
        if (method === 'HEAD' || status === 204 || status === 304 || status === 101) bytes = Buffer.alloc(0)
        else if (coding !== null && /chunked\s*$/i.test(coding)) [bytes, whole] = await chunked()
        else if (coding === null && length !== null) {
          if (!/^\d+$/.test(length)) throw failure('HPE_INVALID_CONTENT_LENGTH', `Content-Length: ${length}`)
          ;[bytes, whole] = [await take(Math.min(Number(length), max)), Number(length) <= max]
        } else {
          // Delimited by the close: read until it, or past the cap.
          while (held <= max && (await more()));
          ;[bytes, whole, closes] = [await take(Math.min(max, held)), held === 0, true]
        }
        const keep = !closes && whole && version[1] === '1' && !/close/i.test(headers.get('connection') ?? '')
        return { answer: { status, headers, bytes, ...(!whole && { cut: cutAt(max) }) }, keep }
      }
    },
  }
}

const CLOSED = 'closed before a complete response'

/** Why a body longer than `max` bytes was not read whole. */
export const cutAt = (max: number) => `longer than ${plural(max, 'byte')}: the rest was discarded unread`

/** An error coded as describeNetworkError reads it: `ECONNRESET`, or `HPE_…` for what is not HTTP/1.x. */
const failure = (code: string, message: string): Error => Object.assign(new Error(message), { code })
