// The validating proxy: a frontend points at it instead of staging; every request is forwarded
// unchanged (method, path, query, headers but the hop-by-hop ones, body) and every exchange judged
// (proxy/trafficJudge.ts). Violations go to the log line, an `X-Petstore-Violations` header, the
// page at `/__mock/` and `GET /__mock/violations`; the exchanges to a bounded journal (`/__mock/requests`,
// `.har`, `/__mock/coverage`). The upstream is not trusted: its body is read up to a cap, a dead
// upstream is a 502 and a stalled one a 504, each with an Error body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { operationMatcher } from '../coverage/matchOperation.ts'
import { corsPolicy } from '../kit/guard/cors.ts'
import { hostPolicy } from '../kit/guard/hostAllowed.ts'
import { refuseUnsafeRequest } from '../kit/guard/refuseUnsafeRequest.ts'
import { JOURNAL_PATH_CHARS, JOURNAL_QUERY_CHARS, journalRecord } from '../kit/journal/journalEntry.ts'
import { JOURNAL_SIZE, RequestJournal } from '../kit/journal/RequestJournal.ts'
import { exactJsonOf, parseJsonLossless } from '../kit/json/exactJson.ts'
import { redactTarget, redactText } from '../kit/secrets/redactTarget.ts'
import { clip } from '../kit/text/clip.ts'
import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import { readPackageInfo } from '../spec/packageInfo.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import { HOP_BY_HOP } from './hopByHop.ts'
import { isProxyControl, type ProxiedRecord, type ProxyState, proxyControl } from './proxyControl.ts'
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
  const match = operationMatcher(options.spec.document)
  const operationOf = (method: string, target: string): string | undefined => {
    if (!target.startsWith(`${basePath}/`)) return undefined
    const path = target.slice(basePath.length).split('?')[0] ?? ''
    return match(method, path)?.operation.operationId
  }
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
        error(response, 502, 'proxy_error', 'The proxy could not forward this exchange.')
      else response.destroy()
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = request.url ?? '/'
    const method = request.method ?? 'GET'
    // The same guard as the mock's: a refused Host (DNS rebinding), a cross-site write to /__mock.
    const refused = refuseUnsafeRequest(
      {
        method,
        target,
        host: request.headers.host,
        origin: request.headers.origin,
        contentType: request.headers['content-type'],
      },
      cors,
      hosts,
    )
    if (refused) return json(response, refused.status, refused.body)
    if (isProxyControl(target)) {
      const answer = proxyControl(
        method,
        target,
        request.headers['if-none-match'],
        request.headers.host,
        state,
      )
      const length =
        answer.status === 204 || answer.status === 304
          ? {}
          : { 'content-length': String(Buffer.byteLength(answer.body)) }
      response.writeHead(answer.status, { ...answer.headers, ...length })
      response.end(method === 'HEAD' ? undefined : answer.body)
      return
    }
    const started = performance.now()
    const writesBefore = writesJudged
    const requestBody = await readCapped(request, maxBody)
    if (requestBody === undefined)
      return error(response, 413, 'payload_too_large', `The request body is over ${maxBody} bytes.`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers))
      if (!HOP_BY_HOP.has(name) && value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    let answer: Response
    try {
      answer = await fetch(`${upstream.origin}${target}`, {
        method,
        headers,
        ...(requestBody.length > 0 && method !== 'GET' && method !== 'HEAD'
          ? { body: new Uint8Array(requestBody) }
          : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (failure) {
      const timedOut = (failure as Error).name === 'TimeoutError'
      options.log?.(
        `${shownRequest(method, target, secretsOf(request))} -> ${timedOut ? 504 : 502} (upstream ${timedOut ? 'timed out' : 'unreachable'})`,
      )
      return timedOut
        ? error(response, 504, 'upstream_timeout', `The upstream did not answer within ${timeoutMs} ms.`)
        : error(
            response,
            502,
            'upstream_unreachable',
            `The upstream ${upstream.origin} could not be reached.`,
          )
    }
    const body = await readCappedResponse(answer, maxBody)
    if (body === undefined)
      return error(response, 502, 'upstream_body_too_large', `The upstream's body is over ${maxBody} bytes.`)
    const secrets = secretsOf(request)
    // Each body decoded once, for the judge and the journal alike.
    const requestText = requestBody.length > 0 ? requestBody.toString('utf8') : undefined
    const responseText = body.toString('utf8')
    const judged = target.startsWith(`${basePath}/`)
      ? judge({
          method,
          target: target.slice(basePath.length),
          requestText,
          authorization: request.headers.authorization !== undefined,
          overlappedWrite: writesJudged !== writesBefore,
          status: answer.status,
          responseText,
        })
      : []
    // A read in flight while this write completed may predate it (ObservedExchange.overlappedWrite).
    if (method === 'POST' && answer.status < 300) writesJudged++
    // What the proxy shows of the exchange hides the request's token and credential-named query
    // values, as the journal does, and is clipped as the journal clips a target.
    const shown = judged.length > 0 || options.log ? shownRequest(method, target, secrets) : ''
    const found = judged.map((violation) => ({
      ...violation,
      message: redactText(violation.message, secrets),
    }))
    state.violations.add(found, shown)
    state.journal.record({
      record: journalRecord(
        {
          method,
          url: target,
          status: answer.status,
          operation: operationOf(method, target),
          body: requestText,
          createdId: answer.status === 201 ? createdIdOf(responseText) : undefined,
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

/** The id in a 201's body, as its exact digits (a replay maps recorded ids to the target's by it). */
function createdIdOf(text: string): string | undefined {
  // parseJsonLossless never throws (not JSON reads as undefined).
  const id = (exactJsonOf(parseJsonLossless(text), text) as { id?: unknown } | null | undefined)?.id
  return typeof id === 'number' || typeof id === 'bigint' ? String(id) : undefined
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    })
    .end(text)
}

function error(response: ServerResponse, status: number, code: string, message: string): void {
  json(response, status, { code, message, status })
}

const EMPTY = Buffer.alloc(0)

async function readCapped(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
  // HTTP/1.1: a request with neither Content-Length nor Transfer-Encoding has no body (most GETs).
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined)
    return EMPTY
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > max) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

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
