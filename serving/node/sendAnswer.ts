import type { ServerResponse } from 'node:http'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { jsonChunks } from '../../kit/json/jsonChunks.ts'
import type { MemoryBudget } from '../../kit/memory/MemoryBudget.ts'

/** An answer forwarded as it came: the status line, every header line in order, the body's bytes. */
export interface ForwardedAnswer {
  status: number
  statusMessage: string
  /** Header lines as they go out (name, value, …). */
  lines: string[]
  bytes: Buffer
  /** Bytes the answerer charged to the budget for it, given back once the answer is written. */
  held: number
  /** What the request log adds after the status; never sent. */
  note?: string
}

/** What an answerer gives the edge to send: an engine's answer, or bytes forwarded. */
export type EdgeAnswer = ApiResponse | ForwardedAnswer

/** An answer of at least this many bytes must fit the budget (else 503): a smaller one is always sent. */
export const LARGE_ANSWER_BYTES = 65_536
/** Bytes a streamed answer hands the socket at a time, once the socket took the last ones. */
const STREAM_PIECE_BYTES = 16_384

/**
 * Writes an answer and counts it against `budget` until its last byte is written to the socket
 * (`finish`), or the connection closes: an answer handed to a client that stops reading stays
 * counted, so thousands of such clients fill the budget instead of the process. A `stream` answer's
 * body is counted whole from the start (its length counted once per version) and written in pieces
 * as the client takes them (jsonChunks), never built whole. An answer of LARGE_ANSWER_BYTES or more
 * that does not fit gets `503` with `Retry-After` instead. With `head`, headers only (RFC 9110
 * section 9.3.2).
 *
 * @example
 * sendAnswer(response, errorResponse(404, 'not_found', 'No pet has id 7.'), budget)
 */
export function sendAnswer(
  response: ServerResponse,
  answer: EdgeAnswer,
  budget: MemoryBudget,
  head = false,
): void {
  let counted = 0
  const giveBack = () => {
    budget.release(counted)
    counted = 0
  }
  response.once('close', giveBack)
  if ('lines' in answer) {
    // Charged by the answerer as it read the upstream: given back here, once written.
    counted = answer.held
    // No Date of the server's own: the upstream's, or none, as it sent.
    response.sendDate = false
    response.writeHead(answer.status, answer.statusMessage, answer.lines)
    return void response.end(head ? undefined : answer.bytes, giveBack)
  }
  if (answer.stream !== undefined && answer.body !== undefined && !head) {
    const promised = promisedBytes(answer.stream, answer.body)
    if (!budget.charge(promised)) return void sendAnswer(response, busy(budget), budget)
    counted = promised
    response.writeHead(answer.status, answer.headers)
    return void stream(response, jsonChunks(answer.body), giveBack)
  }
  const text = answer.text ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body))
  const bytes = text === undefined ? 0 : Buffer.byteLength(text)
  if (bytes >= LARGE_ANSWER_BYTES && !head) {
    if (!budget.charge(bytes)) return void sendAnswer(response, busy(budget), budget)
  } else budget.force(bytes)
  counted = bytes
  if (text !== undefined) answer.headers['content-length'] = String(bytes)
  response.writeHead(answer.status, answer.headers)
  response.end(head ? undefined : text, giveBack)
}

/** Writes pieces while the socket takes them; waits for `drain` otherwise. */
function stream(response: ServerResponse, pieces: Iterator<string>, giveBack: () => void): void {
  const pump = (): void => {
    for (;;) {
      if (response.destroyed) return
      let piece = ''
      for (let next = pieces.next(); !next.done; next = pieces.next()) {
        piece += next.value
        if (piece.length >= STREAM_PIECE_BYTES) break
      }
      if (piece === '') return void response.end(giveBack)
      if (!response.write(piece)) return void response.once('drain', pump)
    }
  }
  pump()
}

/** The byte lengths of streamed bodies by version: many clients of one unchanged journal count it once. */
const promises = new Map<string, number>()

/** The bytes a streamed body will take, counted by serialising it once per version, keeping nothing. */
function promisedBytes(version: string, body: unknown): number {
  let bytes = promises.get(version)
  if (bytes !== undefined) return bytes
  bytes = 0
  for (const piece of jsonChunks(body)) bytes += Buffer.byteLength(piece)
  if (promises.size >= 64) promises.clear()
  promises.set(version, bytes)
  return bytes
}

/**
 * What a request gets while bodies being read and answers not yet written to slow clients fill the
 * budget: try again shortly. The connection closes: a body the request may carry stays unread.
 */
export function busy(budget: MemoryBudget): ApiResponse {
  const message = `${budget.describe()}: bodies being read and answers not yet written to slow clients fill it; retry shortly.`
  return errorResponse(503, 'busy', message, { 'retry-after': '1', connection: 'close' })
}
