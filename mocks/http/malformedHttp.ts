import type { Server } from 'node:http'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { answerParserRefusals } from '../../kit/node/answerParserRefusals.ts'
import { clip } from '../../kit/text/clip.ts'

export interface HttpTimeouts {
  /** The whole request must arrive within this (Node's `requestTimeout`). */
  requestMs: number
  /** The headers must arrive within this (`headersTimeout`): a slow-loris client is cut off. */
  headersMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
  /** A connection whose client has not read its waiting responses for this long is closed. */
  unreadResponseMs: number
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  requestMs: 10_000,
  headersMs: 5_000,
  keepAliveMs: 5_000,
  unreadResponseMs: 10_000,
}
/** Headers larger than this get 431. */
export const MAX_HEADER_BYTES = 16_384

/**
 * Answers, with an Error body, what never reaches the request handler: HTTP that Node's parser
 * refused (`answerParserRefusals`) and CONNECT (405: not a proxy).
 *
 * @example
 * answerMalformedHttp(server)
 */
export function answerMalformedHttp(server: Server): void {
  const notAProxy = (target: string) => `CONNECT is not allowed: this is not a proxy (${clip(target)}).`
  answerParserRefusals(server, (target) => errorResponse(405, 'method_not_allowed', notAProxy(target)))
}
