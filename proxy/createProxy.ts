// The validating proxy: a frontend points at it instead of staging; every request is forwarded
// unchanged (method, path, query, headers but the hop-by-hop ones, body) and every exchange judged
// (proxy/trafficJudge.ts). Violations go to the log line, an `X-Petstore-Violations` header, the
// page at `/__mock/` and `GET /__mock/violations`; the exchanges to a bounded journal (`/__mock/requests`,
// `.har`, `/__mock/coverage`). The upstream is not trusted: its body is read up to a cap, a dead
// upstream is a 502 and a stalled one a 504, each with an Error body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isControlPath } from '../kit/guard/controlPath.ts'
import { corsPolicy } from '../kit/guard/cors.ts'
import { hostPolicy } from '../kit/guard/hostAllowed.ts'
import { refuseUnsafeRequest } from '../kit/guard/refuseUnsafeRequest.ts'
import { apiRequest } from '../kit/http/ApiRequest.ts'
import { errorResponse } from '../kit/http/errorResponse.ts'
import { originForm } from '../kit/http/originForm.ts'
import { JOURNAL_PATH_CHARS, JOURNAL_QUERY_CHARS, journalRecord } from '../kit/journal/journalEntry.ts'
import { JOURNAL_SIZE, RequestJournal } from '../kit/journal/RequestJournal.ts'
import { createdIdOf } from '../kit/json/createdIdOf.ts'
import { exactJsonOf, parseJsonLossless } from '../kit/json/exactJson.ts'
import { bodyText, readBodyBytes } from '../kit/node/readBody.ts'
import { requestHeader } from '../kit/node/requestHeader.ts'
import { sendResponse } from '../kit/node/sendResponse.ts'
import { redactTarget, redactText } from '../kit/secrets/redactTarget.ts'
import { clip } from '../kit/text/clip.ts'
import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import { readPackageInfo } from '../spec/packageInfo.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import { HOP_BY_HOP } from './hopByHop.ts'
import { type ProxiedRecord, type ProxyState, proxyControl } from './proxyControl.ts'
import { trafficJudge } from './trafficJudge.ts'
import { type LoggedViolation, ViolationLog } from './ViolationLog.ts'

export interface ProxyOptions {
  /** The real service's base URL, ending in its base path: `https://staging.example.com/v1`. */
  upstream: string
  spec: CompiledSpec
  /** The most of one body (either way) that is read; default 1 MiB, as the contract CLI. */
  maxBodyBytes?: number
  /** Milliseconds the upstream may take to answer; default 30 s. */
  timeoutMs?: number
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
  const upstream = new URL(trimTrailingSlashes(options.upstream))
  const basePath = upstream.pathname
  const judge = trafficJudge(options.spec)
  // The one router, as the mock asks it: the journal, the judge and coverage see the same operation.
  const router = options.spec.router(basePath)
  const hosts = hostPolicy(options.allowedHosts)
  const maxBody = options.maxBodyBytes ?? 1_048_576
  const timeoutMs = options.timeoutMs ?? 30_000
  const cors = corsPolicy()
  /** Writes the upstream acknowledged, counted as they are judged. */
  let writesJudged = 0
  const state: ProxyState = {
    upstream,
    basePath,
    spec: options.spec,
    journal: new RequestJournal<ProxiedRecord>(options.journalSize ?? JOURNAL_SIZE),
    violations: new ViolationLog(),
    version: readPackageInfo().version,
  }

  const server = createServer((request, response) => {
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

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = incoming.method ?? 'GET'
    // Origin form once, as the server will see it (an absolute-form target names the one upstream).
    const target = originForm(incoming.url ?? '/')
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
    const started = performance.now()
    const writesBefore = writesJudged
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
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers))
      if (!HOP_BY_HOP.has(name) && value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    let answer: Response
    try {
      answer = await fetch(`${upstream.origin}${request.target}`, {
        method,
        headers,
        ...(bytes && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(bytes) } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (failure) {
      const timedOut = (failure as Error).name === 'TimeoutError'
      options.log?.(
        `${shownRequest(method, request.target, secretsOf(incoming))} -> ${timedOut ? 504 : 502} (upstream ${timedOut ? 'timed out' : 'unreachable'})`,
      )
      return sendResponse(
        response,
        timedOut
          ? errorResponse(504, 'upstream_timeout', `The upstream did not answer within ${timeoutMs} ms.`)
          : errorResponse(
              502,
              'upstream_unreachable',
              `The upstream ${upstream.origin} could not be reached.`,
            ),
      )
    }
    const body = await readCappedResponse(answer, maxBody)
    if (body === undefined)
      return sendResponse(
        response,
        errorResponse(502, 'upstream_body_too_large', `The upstream's body is over ${maxBody} bytes.`),
      )
    const secrets = secretsOf(incoming)
    // The body decoded once, for the judge and the journal alike.
    const responseText = body.toString('utf8')
    const route = router.route(request.method, request.path)
    const judged = judge({
      request,
      route,
      overlappedWrite: writesJudged !== writesBefore,
      status: answer.status,
      responseText,
    })
    // A read in flight while this write completed may predate it (ObservedExchange.overlappedWrite).
    if (method === 'POST' && answer.status < 300) writesJudged++
    // What the proxy shows of the exchange hides the request's token and credential-named query
    // values, as the journal does, and is clipped as the journal clips a target.
    const shown = judged.length > 0 || options.log ? shownRequest(method, request.target, secrets) : ''
    const found = judged.map((violation) => ({
      ...violation,
      message: redactText(violation.message, secrets),
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
          createdId: answer.status === 201 ? createdIdOf(exactBody(responseText)) : undefined,
          responseBody: responseText,
          keyless: incoming.headers.authorization === undefined,
        },
        secrets,
      ),
      secrets,
      ms: Math.round(performance.now() - started),
      violations: found,
    })
    const out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) out[name] = value
    })
    if (found.length > 0)
      out['x-petstore-violations'] = `${found.length} ${[...new Set(found.map((v) => v.check))].join(',')}`
    options.log?.(
      `${shown} -> ${answer.status}${found.length > 0 ? ` VIOLATIONS: ${found.map((v) => `${v.check} (${v.message})`).join('; ')}` : ''}`,
    )
    response.writeHead(answer.status, out)
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

/** A body's JSON read exactly (an int64 beyond 2^53 as its bigint); not JSON reads as undefined. */
function exactBody(text: string): unknown {
  return exactJsonOf(parseJsonLossless(text), text)
}

const EMPTY = Buffer.alloc(0)

async function readCappedResponse(answer: Response, max: number): Promise<Buffer | undefined> {
  if (!answer.body) return EMPTY
  // A declared length within the cap is read at once: undici fails a body longer than it declared.
  const declared = Number(answer.headers.get('content-length') ?? Number.NaN)
  if (Number.isSafeInteger(declared) && declared <= max) return Buffer.from(await answer.arrayBuffer())
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of answer.body) {
    size += chunk.length
    if (size > max) {
      await answer.body.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
