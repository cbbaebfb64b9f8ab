// The validating proxy: a frontend points at it instead of staging; every request is forwarded
// unchanged (but the hop-by-hop headers) to the one upstream, its answer comes back as sent (every
// header line, the body's bytes in their coding), and every exchange is judged (trafficJudge.ts) on
// a copy bounded in decoded bytes. It stands on the mock's floor (decision 044: the same node:http
// edge, control plane, journal views and page); only its answerer differs: it forwards. Nothing is
// trusted: only origin-form targets are forwarded; a dead upstream is a 502, a slow one a 504.
import { isControlPath } from '../kit/guard/controlPath.ts'
import { corsPolicy } from '../kit/guard/cors.ts'
import { hostPolicy } from '../kit/guard/hostAllowed.ts'
import type { ApiRequest } from '../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { errorResponse } from '../kit/http/errorResponse.ts'
import { JOURNAL_PATH_CHARS, JOURNAL_QUERY_CHARS, journalRecord } from '../kit/journal/journalEntry.ts'
import { JOURNAL_SIZE, RequestJournal } from '../kit/journal/RequestJournal.ts'
import { createdIdOf } from '../kit/json/createdIdOf.ts'
import { exactJsonOf, parseJsonLossless } from '../kit/json/exactJson.ts'
import { MemoryBudget } from '../kit/memory/MemoryBudget.ts'
import { joinedHeader } from '../kit/node/requestHeader.ts'
import { createRedactor, type Redactor } from '../kit/secrets/createRedactor.ts'
import { redactJsonFields } from '../kit/secrets/redactBody.ts'
import { redactTarget } from '../kit/secrets/redactTarget.ts'
import { clip } from '../kit/text/clip.ts'
import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import { httpEdge, type Wire } from '../serving/node/httpEdge.ts'
import type { EdgeAnswer } from '../serving/node/sendAnswer.ts'
import { readPackageInfo } from '../spec/packageInfo.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import { type DecodedCopy, decodedCopy } from './decodedCopy.ts'
import { forwardToUpstream, type UpstreamFailure } from './forwardToUpstream.ts'
import { endToEndLines } from './hopByHop.ts'
import { PROXY_CONTROL, type ProxiedRecord, type ProxyState } from './proxyControl.ts'
import { trafficJudge } from './trafficJudge.ts'
import { type LoggedViolation, ViolationLog } from './ViolationLog.ts'

export interface ProxyOptions {
  /** The real service's base URL, ending in its base path: `https://staging.example.com/v1`. */
  upstream: string
  spec: CompiledSpec
  /** Milliseconds the upstream may take to answer, headers and body whole; default 30 s. */
  timeoutMs?: number
  /** Bytes all exchanges in flight may hold together (bodies, decoded copies); past it a 503. */
  maxBufferedBytes?: number
  allowedHosts?: readonly string[]
  /** Exchanges the journal keeps (`/__mock/requests`, `.har`, coverage); JOURNAL_SIZE (500) by default. */
  journalSize?: number
  /** One line per request (violations named); none when undefined. */
  log?: (line: string) => void
}

export interface ValidatingProxy {
  server: ReturnType<typeof httpEdge>
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
  const judge = trafficJudge(options.spec)
  const timeoutMs = options.timeoutMs ?? 30_000
  const buffers = new MemoryBudget(
    options.maxBufferedBytes ?? DEFAULT_BUFFERED_BYTES,
    "The proxy's buffers for exchanges in flight (--max-buffer-mib)",
  )
  /** One counter for every exchange's stamps, whatever its connection (ObservedExchange.startedAt). */
  let clock = 0
  const state: ProxyState = {
    upstream,
    // The one router, as the mock asks it: the journal, the judge and coverage see the same operation.
    router: options.spec.router(upstream.pathname),
    spec: options.spec,
    journal: new RequestJournal<ProxiedRecord>(options.journalSize ?? JOURNAL_SIZE),
    violations: new ViolationLog(),
    version: readPackageInfo().version,
  }
  const log = options.log
  const server = httpEdge({
    // A client must send its whole request within the upstream's timeout: one that drips its body
    // would otherwise hold its share of the buffer budget for Node's default of 300 s.
    timeouts: { requestMs: timeoutMs, headersMs: Math.min(timeoutMs, 10_000) },
    cors: corsPolicy(),
    hosts: hostPolicy(options.allowedHosts),
    // CONNECT host:port (authority form) would open a tunnel to any host: never. Nor is an
    // absolute-form target (`GET http://other:1234/…`) or an asterisk rewritten: it is refused.
    connect: notOriginForm,
    notOriginForm,
    maxBodyBytes: MAX_BODY_BYTES,
    budget: buffers,
    answer: (request, wire) =>
      isControlPath(request.path) ? PROXY_CONTROL.answer(request, state) : exchange(request, wire),
    ...(log && {
      log: (incoming, answer) =>
        log(
          `${shownRequest(incoming.method ?? 'GET', incoming.url ?? '/', redactorOf(incoming.headers.authorization))} ${answer === 'aborted' ? 'client aborted the request' : `-> ${answer.status}${answer.note ?? ''}`}`,
        ),
      note: log,
    }),
  })

  async function exchange(request: ApiRequest, wire: Wire): Promise<EdgeAnswer> {
    if (request.bodyTooLarge)
      return errorResponse(413, 'payload_too_large', `The request body is over ${MAX_BODY_BYTES} bytes.`)
    const started = performance.now()
    // Stamped before the request can reach the upstream, so only what completed before binds it.
    const startedAt = ++clock
    // What this exchange holds of the shared budget: the body it forwards, the answer, its copy.
    let charged = 0
    const charge = (bytes: number): boolean => {
      if (!buffers.charge(bytes)) return false
      charged += bytes
      return true
    }
    const sent = wire.bytes && request.method !== 'GET' && request.method !== 'HEAD' ? wire.bytes : undefined
    if (sent && !charge(sent.length)) return upstreamFailed('over_budget', upstream.origin, timeoutMs)
    const lines = endToEndLines(wire.rawHeaders, SET_BY_THE_PROXY)
    lines.push('Host', upstream.host)
    if (sent) lines.push('Content-Length', String(sent.length))
    const answer = await forwardToUpstream(
      upstream,
      { method: request.method, target: request.target, headerLines: lines, body: sent },
      { timeoutMs, maxBodyBytes: MAX_BODY_BYTES, charge },
    )
    // Stamped once the answer is whole (or failed, and then judged by nothing: a create whose answer
    // never completed binds nothing); never earlier than the upstream's last byte.
    const completedAt = ++clock
    if (answer.kind !== 'answer') {
      buffers.release(charged)
      return upstreamFailed(answer.kind, upstream.origin, timeoutMs)
    }
    if (sent) buffers.release(sent.length)
    const body = answer.body
    // The judge reads a decoded copy, bounded in decoded bytes and charged to the budget first (and
    // given back once judged); a copy that cannot be had is not judged, and is forwarded all the same.
    // Repeated lines stack their codings (`gzip` then `br` reads as `gzip, br`), as one line would.
    const encoding = joinedHeader(answer.rawHeaders, 'content-encoding')
    const copyBytes = encoding === undefined ? body.length : MAX_BODY_BYTES
    const copied = buffers.charge(copyBytes)
    const redact = redactorOf(request.header('authorization'))
    // The body decoded once, for the judge and the journal alike.
    const { text: responseText = '', notJudged }: DecodedCopy = copied
      ? decodedCopy(encoding, body, MAX_BODY_BYTES)
      : { notJudged: `the proxy's buffers for exchanges in flight are full` }
    const route = state.router.route(request.method, request.path)
    const judged =
      notJudged === undefined
        ? judge({ request, route, startedAt, completedAt, status: answer.status, responseText })
        : []
    if (copied) buffers.release(copyBytes)
    // What the proxy shows of the exchange hides the request's token and credential-named values (a
    // message may quote the answer's JSON), as the journal does, and is clipped as it clips a target.
    const found = judged.map((violation) => ({
      ...violation,
      message: redact(redactJsonFields(violation.message)),
    }))
    if (found.length > 0) state.violations.add(found, shownRequest(request.method, request.target, redact))
    state.journal.record({
      record: journalRecord(
        {
          request,
          status: answer.status,
          operation: route.kind === 'operation' ? route.operation.operationId : undefined,
          createdId:
            answer.status === 201 && notJudged === undefined
              ? createdIdOf(exactJsonOf(parseJsonLossless(responseText), responseText))
              : undefined,
          // A body the judge could not decode is not recorded: its bytes are still the upstream's.
          responseBody: notJudged === undefined ? responseText : undefined,
        },
        redact,
      ),
      redact,
      ms: Math.round(performance.now() - started),
      violations: found,
      ...(notJudged !== undefined && { notJudged }),
    })
    // Every header line as the upstream sent it (repeats, order, spelling), then the proxy's own:
    // its two names are its own, so an upstream cannot forge or hide a verdict.
    const out = endToEndLines(answer.rawHeaders, VERDICT_HEADERS)
    const checks = [...new Set(found.map((v) => v.check))].join(',')
    if (found.length > 0) out.push('X-Petstore-Violations', `${found.length} ${checks}`)
    if (notJudged !== undefined) out.push('X-Petstore-Not-Judged', notJudged)
    const said = found.map((v) => `${v.check} (${v.message})`).join('; ')
    return {
      status: answer.status,
      statusMessage: answer.statusMessage,
      lines: out,
      bytes: body,
      // The answer's bytes stay counted until the client has them (sendAnswer gives them back).
      held: body.length,
      note: `${found.length > 0 ? ` VIOLATIONS: ${said}` : ''}${notJudged === undefined ? '' : ` (not judged: ${notJudged})`}`,
    }
  }

  return {
    server,
    violations: () => ({ total: state.violations.total, kept: state.violations.kept() }),
    journal: state.journal,
  }
}

/** What hides the request's bearer token (8 characters or more), the key as far as the proxy knows. */
function redactorOf(authorization: string | undefined): Redactor {
  const token = /^bearer\s+(\S+)/i.exec(authorization ?? '')?.[1]
  return createRedactor(token !== undefined && token.length >= SECRET_MIN_CHARS ? [token] : [])
}

/** `GET /v1/pets?…` as the violations and the log show it: credentials hidden, clipped. */
function shownRequest(method: string, target: string, redact: Redactor): string {
  return `${method} ${clip(redactTarget(target, redact), REQUEST_SHOWN_CHARS)}`
}

/** The most of one body (either way) that is read: 1 MiB, as the contract CLI reads. */
const MAX_BODY_BYTES = 1_048_576

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

/** How the proxy answers, and what its log says, for each way the upstream fails. */
const UPSTREAM_FAILURES = {
  timeout: { status: 504, code: 'upstream_timeout', log: 'upstream timed out' },
  unreachable: { status: 502, code: 'upstream_unreachable', log: 'upstream unreachable' },
  incomplete: { status: 502, code: 'upstream_incomplete', log: 'upstream answer incomplete' },
  too_large: { status: 502, code: 'upstream_body_too_large', log: 'upstream body too large' },
  over_budget: { status: 503, code: 'busy', log: 'buffers full' },
} as const

/** The answer to an exchange the upstream failed, saying the proxy's limits; only `busy` asks for a retry. */
function upstreamFailed(kind: UpstreamFailure['kind'], origin: string, timeoutMs: number): ApiResponse {
  const message = {
    timeout: `The upstream did not send its whole answer within ${timeoutMs} ms.`,
    unreachable: `The upstream ${origin} could not be reached.`,
    incomplete: 'The upstream closed the connection before its answer was whole.',
    too_large: `The upstream's body is over ${MAX_BODY_BYTES} bytes.`,
    over_budget: "The proxy's buffers for exchanges in flight (--max-buffer-mib) are full; retry shortly.",
  }[kind]
  const { status, code, log } = UPSTREAM_FAILURES[kind]
  const headers: Record<string, string> = kind === 'over_budget' ? { 'retry-after': '1' } : {}
  return { ...errorResponse(status, code, message, headers), note: ` (${log})` }
}
