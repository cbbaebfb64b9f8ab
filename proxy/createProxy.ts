// The validating proxy: a frontend points at it instead of staging; every request is forwarded
// unchanged (method, path, query, headers but the hop-by-hop ones, body) and every exchange judged
// (proxy/trafficJudge.ts). Violations go to the log line, an `X-Petstore-Violations` header and
// `GET /__mock/violations`. The upstream is not trusted: its body is read up to a cap, a dead
// upstream is a 502 and a stalled one a 504, each with an Error body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { hostPolicy } from '../mocks/http/hostAllowed.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import { trimTrailingSlashes } from '../spec/trimTrailingSlashes.ts'
import { trafficJudge, type Violation } from './trafficJudge.ts'

export interface ProxyOptions {
  /** The real service's base URL, ending in its base path: `https://staging.example.com/v1`. */
  upstream: string
  spec: CompiledSpec
  /** The most of one body (either way) that is read; default 1 MiB, as the contract CLI. */
  maxBodyBytes?: number
  /** Milliseconds the upstream may take to answer; default 30 s. */
  timeoutMs?: number
  allowedHosts?: readonly string[]
  /** One line per request (violations named); none when undefined. */
  log?: (line: string) => void
}

/** Violations `GET /__mock/violations` keeps, newest last. */
export const VIOLATIONS_KEPT = 1_000

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
])

export interface Proxy {
  server: Server
  /** What was found so far, newest last (VIOLATIONS_KEPT at most), and how many in all. */
  violations(): { total: number; kept: Array<Violation & { request: string }> }
}

/**
 * A proxy server (not listening yet).
 *
 * @example
 * const proxy = createProxy({ upstream: 'https://staging.example.com/v1', spec: defaultSpec() })
 * proxy.server.listen(4020, '127.0.0.1')
 */
export function createProxy(options: ProxyOptions): Proxy {
  const upstream = new URL(trimTrailingSlashes(options.upstream))
  const basePath = upstream.pathname
  const judge = trafficJudge(options.spec)
  const hosts = hostPolicy(options.allowedHosts)
  const maxBody = options.maxBodyBytes ?? 1_048_576
  const timeoutMs = options.timeoutMs ?? 30_000
  const kept: Array<Violation & { request: string }> = []
  let total = 0

  const server = createServer((request, response) => {
    // Whatever goes wrong inside, the client gets an Error body and the proxy stays up.
    handle(request, response).catch((failure: Error) => {
      options.log?.(`${request.method} ${request.url} -> 502 (proxy error: ${failure.message})`)
      if (!response.headersSent)
        error(response, 502, 'proxy_error', 'The proxy could not forward this exchange.')
      else response.destroy()
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = request.url ?? '/'
    if (!hosts.allows(request.headers.host))
      return error(response, 403, 'host_not_allowed', 'This Host is not allowed (DNS rebinding).')
    if (target === '/__mock/violations') {
      if (request.method === 'DELETE') {
        kept.length = 0
        total = 0
        response.writeHead(204).end()
        return
      }
      return json(response, 200, { total, violations: kept })
    }
    if (target === '/__mock/health') return json(response, 200, { status: 'ok', upstream: upstream.href })
    const requestBody = await readCapped(request, maxBody)
    if (requestBody === undefined)
      return error(response, 413, 'payload_too_large', `The request body is over ${maxBody} bytes.`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers))
      if (!HOP_BY_HOP.has(name) && value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    const method = request.method ?? 'GET'
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
        `${method} ${target} -> ${timedOut ? 504 : 502} (upstream ${timedOut ? 'timed out' : 'unreachable'})`,
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
    const found = target.startsWith(`${basePath}/`)
      ? judge({
          method,
          target: target.slice(basePath.length),
          requestText: requestBody.length > 0 ? requestBody.toString('utf8') : undefined,
          status: answer.status,
          responseText: body.toString('utf8'),
        })
      : []
    total += found.length
    for (const violation of found) kept.push({ ...violation, request: `${method} ${target}` })
    if (kept.length > VIOLATIONS_KEPT) kept.splice(0, kept.length - VIOLATIONS_KEPT)
    const out: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) out[name] = value
    })
    if (found.length > 0)
      out['x-petstore-violations'] = `${found.length} ${[...new Set(found.map((v) => v.check))].join(',')}`
    options.log?.(
      `${method} ${target} -> ${answer.status}${found.length > 0 ? ` VIOLATIONS: ${found.map((v) => `${v.check} (${v.message})`).join('; ')}` : ''}`,
    )
    response.writeHead(answer.status, out)
    response.end(body)
  }
  return { server, violations: () => ({ total, kept: [...kept] }) }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function error(response: ServerResponse, status: number, code: string, message: string): void {
  json(response, status, { code, message, status })
}

async function readCapped(request: IncomingMessage, max: number): Promise<Buffer | undefined> {
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
  const chunks: Uint8Array[] = []
  let size = 0
  if (!answer.body) return Buffer.alloc(0)
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
