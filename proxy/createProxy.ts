// The validating proxy: a frontend points at it instead of staging; every request is forwarded
// unchanged (method, path, query, headers but the hop-by-hop ones, body) to the one upstream, its
// answer comes back as sent (status, every header line, the body's bytes in their coding), and every
// exchange is judged (proxy/trafficJudge.ts) on a decoded copy bounded in decoded bytes. Violations
// go to the log line, an `X-Petstore-Violations` header, the page at `/__mock/` and
// `GET /__mock/violations`; the exchanges to a bounded journal (`/__mock/requests`, `.har`,
// `/__mock/coverage`). Nothing is trusted: only origin-form targets are forwarded, bodies are read up
// to a cap, all exchanges in flight together hold at most a buffer budget (503 past it), a dead
// upstream is a 502 and one not whole within the timeout a 504, each with an Error body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isControlPath } from '../kit/guard/controlPath.ts'
import { corsPolicy } from '../kit/guard/cors.ts'
import { hostPolicy } from '../kit/guard/hostAllowed.ts'
import { refuseUnsafeRequest } from '../kit/guard/refuseUnsafeRequest.ts'
import { apiRequest } from '../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { errorResponse } from '../kit/http/errorResponse.ts'
import { JOURNAL_PATH_CHARS, JOURNAL_QUERY_CHARS, journalRecord } from '../kit/journal/journalEntry.ts'
import { JOURNAL_SIZE, RequestJournal } from '../kit/journal/RequestJournal.ts'
import { createdIdOf } from '../kit/json/createdIdOf.ts'
import { exactJsonOf, parseJsonLossless } from '../kit/json/exactJson.ts'
import { MemoryBudget } from '../kit/memory/MemoryBudget.ts'
import { answerParserRefusals, missingHost } from '../kit/node/answerParserRefusals.ts'
import { bodyText, readBodyBytes } from '../kit/node/readBody.ts'
import { joinedHeader, requestHeader } from '../kit/node/requestHeader.ts'
import { sendResponse } from '../kit/node/sendResponse.ts'
import { redactJsonFields } from '../kit/secrets/redactBody.ts'
import { redactTarget, redactText } from '../kit/secrets/redactTarget.ts'
import { clip } from '../kit/text/clip.ts'
import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import { readPackageInfo } from '../spec/packageInfo.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import { decodedCopy } from './decodedCopy.ts'
import { forwardToUpstream, type UpstreamFailure } from './forwardToUpstream.ts'
import { endToEndLines } from './hopByHop.ts'
import { type ProxiedRecord, type ProxyState, proxyControl } from './proxyControl.ts'
import { trafficJudge } from './trafficJudge.ts'
import { type LoggedViolation, ViolationLog } from './ViolationLog.ts'

export interface ProxyOptions {
  /** The real service's base URL, ending in its base path: `https://staging.example.com/v1`. */
  upstream: string
  spec: CompiledSpec
  /** The most of one body (either way) that is read; default 1 MiB, as the contract CLI. */
  maxBodyBytes?: number
  /** Milliseconds the upstream may take to answer, headers and body whole; default 30 s. */
  timeoutMs?: number
  /**
   * Bytes all exchanges in flight may hold together (request bodies, answers as sent, decoded
   * copies); default 64 MiB. Past it a new exchange is `503` with `Retry-After`.
   */
  maxBufferedBytes?: number
  allowedHosts?: readonly string[]
  /** Exchanges the journal keeps (`/__mock/requests`, `.har`, coverage); JOURNAL_SIZE (500) by default. */
  journalSize?: number
  /** One line per request (violations named); none when undefined. */
  log?: (line: string) => void
}

export interface ValidatingProxy {
  server: Server
  /** What was found so far, newest last (VIOLATIONS_KEPT at most), and how many in all. */
  violations(): { total: number; kept: LoggedViolation[] }
  /** The exchanges forwarded, newest last (the journal's bound). */
  journal: RequestJournal<ProxiedRecord>
}

/** Characters of a request's target the violations and the log show (the journal's path and query bounds). */
const REQUEST_SHOWN_CHARS = JOURNAL_PATH_CHARS + JOURNAL_QUERY_CHARS

/** Bearer tokens shorter than this are not hidden in the journal: `1` would hide every `1` in a path. */
const SECRET_MIN_CHARS = 8

/**
 * A proxy server (not listening yet).
 *
 * @example
 * const proxy = createProxy({ upstream: 'https://staging.example.com/v1', spec: defaultSpec() })
 * proxy.server.listen(4020, '127.0.0.1')
 */
export function createProxy(options: ProxyOptions): ValidatingProxy {
  const upstream = upstreamUrl(options.upstream)
  const basePath = upstream.pathname
  const judge = trafficJudge(options.spec)
  // The one router, as the mock asks it: the journal, the judge and coverage see the same operation.
  const router = options.spec.router(basePath)
  const hosts = hostPolicy(options.allowedHosts)
  const maxBody = options.maxBodyBytes ?? 1_048_576
  const timeoutMs = options.timeoutMs ?? 30_000
  const buffers = new MemoryBudget(options.maxBufferedBytes ?? DEFAULT_BUFFERED_BYTES)
  const upstreamFailures = failureAnswers(upstream.origin, timeoutMs, maxBody, buffers.limit)
  const cors = corsPolicy()
  /**
   * One counter for every exchange's stamps (when its request arrived, when the upstream's answer
   * was complete), whichever client and connection it came on: the judge reads the store's
   * knowledge as of each request's arrival (ObservedExchange.startedAt).
   */
  let clock = 0
  const state: ProxyState = {
    upstream,
    basePath,
    spec: options.spec,
    journal: new RequestJournal<ProxiedRecord>(options.journalSize ?? JOURNAL_SIZE),
    violations: new ViolationLog(),
    version: readPackageInfo().version,
  }

  // Node's own answer to an HTTP/1.1 request without Host has no body: `missingHost` answers it.
  const server = createServer({ requireHostHeader: false }, (request, response) => {
    // Whatever goes wrong inside, the client gets an Error body and the proxy stays up.
    handle(request, response).catch((failure: Error) => {
      options.log?.(
        `${shownRequest(request.method ?? 'GET', request.url ?? '/', secretsOf(request))} -> 502 (proxy error: ${failure.message})`,
      )
      if (!response.headersSent)
        sendResponse(
          response,
          errorResponse(502, 'proxy_error', 'The proxy could not forward this exchange.'),
        )
      else response.destroy()
    })
  })
  // A client must send its whole request within the upstream's timeout: one that drips its body
  // would otherwise hold its share of the buffer budget for Node's default of 300 s.
  server.requestTimeout = timeoutMs
  server.headersTimeout = Math.min(timeoutMs, 10_000)
  // CONNECT host:port (authority form) would open a tunnel to any host: never. What Node's parser
  // refuses (a target no form allows, bad framing) gets an Error body too, not Node's bare 400.
  answerParserRefusals(server, notOriginForm)

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = incoming.method ?? 'GET'
    const target = incoming.url ?? '/'
    // Only origin form reaches the one upstream: an absolute-form target (`GET http://other:1234/…`)
    // or an asterisk is refused, never rewritten, so no target can name another host.
    if (target.charCodeAt(0) !== 47) {
      const refusal = notOriginForm()
      refusal.headers.connection = 'close'
      return sendResponse(response, refusal)
    }
    // The same guard as the mock's: a refused Host (DNS rebinding), a cross-site write to /__mock.
    const refused = refuseUnsafeRequest(
      {
        method,
        target,
        host: incoming.headers.host,
        origin: incoming.headers.origin,
        contentType: incoming.headers['content-type'],
      },
      cors,
      hosts,
    )
    if (refused) {
      // Unread, a refused body would be parsed as the next request on a kept-alive connection.
      refused.headers.connection = 'close'
      return sendResponse(response, refused)
    }
    const noHost = missingHost(incoming)
    if (noHost) return sendResponse(response, noHost)
    // What this exchange took of the shared buffer budget, all given back when it ends.
    let charged = 0
    const charge = (bytes: number): boolean => {
      if (!buffers.charge(bytes)) return false
      charged += bytes
      return true
    }
    try {
      await exchange(incoming, response, method, target, charge)
    } finally {
      buffers.release(charged)
    }
  }

  async function exchange(
    incoming: IncomingMessage,
    response: ServerResponse,
    method: string,
    target: string,
    charge: (bytes: number) => boolean,
  ): Promise<void> {
    const started = performance.now()
    // Stamped before the request can reach the upstream, so only what completed before binds it.
    const startedAt = ++clock
    // A body is charged before a byte of it is read: its declared length, or the cap when chunked.
    const declared = Number(incoming.headers['content-length'] ?? 0)
    const expected =
      incoming.headers['transfer-encoding'] !== undefined ? maxBody : Math.min(declared || 0, maxBody)
    if (expected > 0 && !charge(expected)) {
      const refusal = upstreamFailures.over_budget.answer()
      // The body stays unread: it would be parsed as the next request on a kept-alive connection.
      refusal.headers.connection = 'close'
      return sendResponse(response, refusal)
    }
    const read = await readBodyBytes(incoming, maxBody)
    // The client went away mid-body: there is nobody to answer.
    if (read.aborted) return
    if (read.tooLarge)
      return sendResponse(
        response,
        errorResponse(413, 'payload_too_large', `The request body is over ${maxBody} bytes.`, {
          connection: 'close',
        }),
      )
    const bytes = read.bytes !== undefined && read.bytes.length > 0 ? read.bytes : undefined
    // The one parsed request: the judge, the journal and coverage read it; nothing splits the target again.
    const request = apiRequest({
      method,
      target,
      header: (name) => requestHeader(incoming, name),
      body: bytes && bodyText(bytes),
    })
    if (isControlPath(request.path))
      return sendResponse(response, proxyControl(request, state), request.method === 'HEAD')
    const lines = endToEndLines(incoming.rawHeaders, SET_BY_THE_PROXY)
    lines.push('Host', upstream.host)
    const sent = bytes && method !== 'GET' && method !== 'HEAD' ? bytes : undefined
    if (sent) lines.push('Content-Length', String(sent.length))
    const answer = await forwardToUpstream(
      upstream,
      { method, target: request.target, headerLines: lines, body: sent },
      { timeoutMs, maxBodyBytes: maxBody, charge },
    )
    // Stamped once the answer is whole (or failed, and then judged by nothing: a create whose answer
    // never completed binds nothing); never earlier than the upstream's last byte.
    const completedAt = ++clock
    if (answer.kind !== 'answer') {
      const failed = upstreamFailures[answer.kind]
      options.log?.(`${shownRequest(method, request.target, secretsOf(incoming))} -> ${failed.log}`)
      return sendResponse(response, failed.answer())
    }
    const body = answer.body
    // The judge reads a decoded copy, bounded in decoded bytes and charged to the budget first; a
    // copy that cannot be had is not judged, and the exchange is forwarded all the same.
    // Repeated lines stack their codings (`gzip` then `br` reads as `gzip, br`), as one line would.
    const encoding = joinedHeader(answer.rawHeaders, 'content-encoding')
    const copyBytes = encoding === undefined ? body.length : maxBody
    const decoded: ReturnType<typeof decodedCopy> = charge(copyBytes)
      ? decodedCopy(encoding, body, maxBody)
      : { notJudged: `the proxy's buffers for exchanges in flight are full` }
    const notJudged = 'notJudged' in decoded ? decoded.notJudged : undefined
    const secrets = secretsOf(incoming)
    // The body decoded once, for the judge and the journal alike.
    const responseText = 'text' in decoded ? decoded.text : ''
    const route = router.route(request.method, request.path)
    const judged =
      notJudged === undefined
        ? judge({
            request,
            route,
            startedAt,
            completedAt,
            status: answer.status,
            responseText,
          })
        : []
    // What the proxy shows of the exchange hides the request's token and credential-named values (a
    // message may quote the answer's JSON), as the journal does, and is clipped as it clips a target.
    const shown = judged.length > 0 || options.log ? shownRequest(method, request.target, secrets) : ''
    const found = judged.map((violation) => ({
      ...violation,
      message: redactText(redactJsonFields(violation.message), secrets),
    }))
    state.violations.add(found, shown)
    state.journal.record({
      record: journalRecord(
        {
          method: request.method,
          url: request.target,
          status: answer.status,
          operation: route.kind === 'operation' ? route.operation.operationId : undefined,
          body: request.body,
          createdId:
            answer.status === 201 && notJudged === undefined
              ? createdIdOf(exactJsonOf(parseJsonLossless(responseText), responseText))
              : undefined,
          // A body the judge could not decode is not recorded: its bytes are still the upstream's.
          responseBody: notJudged === undefined ? responseText : undefined,
          keyless: incoming.headers.authorization === undefined,
        },
        secrets,
      ),
      secrets,
      ms: Math.round(performance.now() - started),
      violations: found,
      ...(notJudged !== undefined && { notJudged }),
    })
    // Every header line as the upstream sent it (repeats, order, spelling), then the proxy's own:
    // its two names are its own, so an upstream cannot forge or hide a verdict.
    const out = endToEndLines(answer.rawHeaders, VERDICT_HEADERS)
    if (found.length > 0)
      out.push(
        'X-Petstore-Violations',
        `${found.length} ${[...new Set(found.map((v) => v.check))].join(',')}`,
      )
    if (notJudged !== undefined) out.push('X-Petstore-Not-Judged', notJudged)
    options.log?.(
      `${shown} -> ${answer.status}${found.length > 0 ? ` VIOLATIONS: ${found.map((v) => `${v.check} (${v.message})`).join('; ')}` : ''}${notJudged === undefined ? '' : ` (not judged: ${notJudged})`}`,
    )
    // No Date of the proxy's own: the upstream's, or none, as it sent.
    response.sendDate = false
    response.writeHead(answer.status, answer.statusMessage, out)
    response.end(body)
  }

  return {
    server,
    violations: () => ({ total: state.violations.total, kept: state.violations.kept() }),
    journal: state.journal,
  }
}

/** The request's bearer token, to hide wherever the proxy shows the exchange (8 characters or more). */
function secretsOf(request: IncomingMessage): string[] {
  const token = /^bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1]
  return token !== undefined && token.length >= SECRET_MIN_CHARS ? [token] : []
}

/** `GET /v1/pets?…` as the violations and the log show it: credentials hidden, clipped. */
function shownRequest(method: string, target: string, secrets: readonly string[]): string {
  return `${method} ${clip(redactTarget(target, secrets), REQUEST_SHOWN_CHARS)}`
}

/** What the proxy keeps in flight at most unless told (`--max-buffer-mib`): 64 exchanges at the 1 MiB cap. */
export const DEFAULT_BUFFERED_BYTES = 64 * 1_048_576

/** The headers that carry the proxy's verdicts; an upstream's lines of these names are dropped. */
const VERDICT_HEADERS: ReadonlySet<string> = new Set(['x-petstore-violations', 'x-petstore-not-judged'])

/** Request headers the proxy sets itself for the next hop: the upstream's Host, the body's length. */
const SET_BY_THE_PROXY: ReadonlySet<string> = new Set(['host', 'content-length'])

/**
 * The upstream as a URL, refusing what would leak or mislead: credentials (`user:pass@` would be
 * shown on the page, in health and the log), a query or fragment (never sent), another scheme.
 * Throws an Error that never quotes the URL.
 *
 * @example
 * upstreamUrl('https://staging.example.com/v1/') // URL https://staging.example.com/v1
 */
export function upstreamUrl(text: string): URL {
  const url = /^https?:\/\/[^/]+/i.test(text) ? URL.parse(trimTrailingSlashes(text)) : null
  if (!url) throw new Error('--upstream must be an http(s) URL ending in the base path')
  if (url.username !== '' || url.password !== '')
    throw new Error(
      '--upstream must not carry credentials (user:pass@): they would be shown on the page, in health and in the log',
    )
  if (url.search !== '' || url.hash !== '')
    throw new Error('--upstream must be a base URL, without a query or fragment')
  return url
}

/** A target that is not origin form: refused with an Error body, never forwarded. */
function notOriginForm() {
  return errorResponse(
    400,
    'malformed_request',
    'The proxy forwards origin-form targets only (/v1/pets); an absolute URL or host:port target is refused.',
  )
}

/** What the client gets, and the log says, for each way the upstream fails: the status written once for both. */
function failureAnswers(origin: string, timeoutMs: number, maxBody: number, budget: number) {
  const failure = (status: number, code: string, log: string, message: string, headers = {}) => ({
    log: `${status} (${log})`,
    answer: (): ApiResponse => errorResponse(status, code, message, headers),
  })
  const answers: Record<UpstreamFailure['kind'], ReturnType<typeof failure>> = {
    timeout: failure(
      504,
      'upstream_timeout',
      'upstream timed out',
      `The upstream did not send its whole answer within ${timeoutMs} ms.`,
    ),
    unreachable: failure(
      502,
      'upstream_unreachable',
      'upstream unreachable',
      `The upstream ${origin} could not be reached.`,
    ),
    incomplete: failure(
      502,
      'upstream_incomplete',
      'upstream answer incomplete',
      'The upstream closed the connection before its answer was whole.',
    ),
    too_large: failure(
      502,
      'upstream_body_too_large',
      'upstream body too large',
      `The upstream's body is over ${maxBody} bytes.`,
    ),
    over_budget: failure(
      503,
      'proxy_busy',
      'buffers full',
      `The proxy holds its most of ${Math.round(budget / 1_048_576)} MiB for exchanges in flight (--max-buffer-mib); retry shortly.`,
      { 'retry-after': '1' },
    ),
  }
  return answers
}
