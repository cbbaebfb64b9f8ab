import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import { jsonShapeProblem } from '../../kit/json/jsonShape.ts'
import { plural } from '../../kit/text/plural.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { HttpMethod } from '../../spec/runtime.ts'
import { DeadlineReached } from '../base/deadline.ts'
import type { OperationName } from '../base/OperationName.ts'
import { collectPending, LARGE_BODY_CHARS } from './collectSoon.ts'
import { countingInterim, currentInterim } from './countingInterim.ts'
import { curlOf } from './curlOf.ts'
import { describeNetworkError, type NetworkFailure } from './describeNetworkError.ts'

export { curlOf } from './curlOf.ts'

/** A request a check sends; `path` is relative to the base URL and may hold a query. */
export interface ProbeRequest {
  operation?: OperationName | undefined
  method: Uppercase<HttpMethod>
  path: string
  /** `valid`: the configured key (default); `none`: no Authorization header; `wrong`: a key no server accepts. */
  auth?: 'valid' | 'none' | 'wrong'
  headers?: Record<string, string>
  /**
   * Exact Authorization field lines, instead of `auth`: none, one, or several (a second header).
   * `shown` is the line as a double-quoted shell word for the curl reproduction, with the key as
   * `$PETSTORE_API_KEY` (never the key itself). Several lines go out as separate header lines over
   * node:http when no custom fetch is given; through a custom fetch (MSW in-process) they are joined
   * with `, ` as fetch joins duplicates, which a correct server also refuses.
   */
  authorization?: ReadonlyArray<{ value: string; shown: string }>
  body?: string
  /** The values a call named, as written (callRequest): what an Arazzo step sends again; none for a raw target. */
  parameters?: ReadonlyArray<{ name: string; in: 'path' | 'query'; value: string }>
  /**
   * `valid`: a request the interface document defines an answer for. `gap`: one it is silent on
   * (out-of-range limit, unknown status, non-integer petId), so only recommended checks judge its status.
   */
  kind?: 'valid' | 'gap'
  /** Set when the answer will not come from the implementation (a proxy answers it), saying why: the response checks skip it. */
  notJudged?: string | undefined
  /**
   * Which connection carries it: `reused` (the default) goes through the keep-alive pool, so on a
   * connection an earlier request used whenever one is idle; `fresh` opens a connection of its own
   * and closes it after the answer. A custom fetch, or a global fetch replaced since the suite loaded
   * (MSW's setupServer answering in-process), has no connections: both go through it.
   */
  connection?: 'fresh' | 'reused' | undefined
}

export interface Exchange {
  request: ProbeRequest & { url: string }
  /** 0 when no response came (unreachable, reset, timed out). */
  status: number
  headers: Headers
  /** The body as text; when `truncated`, only its first EXCERPT_BYTES. */
  text: string
  /**
   * The body parsed as JSON (numbers as JSON.parse gives them; `exactJson(json)` for exact int64),
   * or undefined when it is empty, not JSON or truncated.
   */
  json: unknown
  /** Why no response came, when status is 0. */
  error?: string
  /** What kind of failure `error` is, when status is 0. */
  failure?: NetworkFailure
  /**
   * Set when the body was not read whole, saying why: longer than the cap (the rest was not read,
   * the connection was closed), or nested deeper than MAX_ANSWER_DEPTH (not parsed).
   */
  truncated?: { limitBytes: number; why: string }
  /** A curl line that reproduces the request; the key is read from $PETSTORE_API_KEY. */
  curl: string
  /** How many items the body's array held, when `json` keeps only the first of them (keptJson). */
  items?: number
  /**
   * When the request went out and when its answer (or failure) was complete, on one clock every
   * exchange of the process shares (`exchangeTicks`): a strict order, so a read that started after
   * a write completed can be told from one that overlapped it.
   */
  startedAt?: number
  completedAt?: number
}

let ticks = 0

/** Agents that keep no connection alive: each request they send opens its own (`Connection: close`). */
const FRESH_HTTP = new HttpAgent({ keepAlive: false })
const FRESH_HTTPS = new HttpsAgent({ keepAlive: false })

/** The global fetch when the suite loaded: another one later means requests are answered in-process. */
const LOADED_FETCH = globalThis.fetch

/**
 * The next tick of the clock every exchange is stamped with: a counter, not a time, so two stamps
 * never tie and `a.completedAt < b.startedAt` means b was sent after a's answer was complete.
 */
export function exchangeTicks(): number {
  ticks += 1
  return ticks
}

export const WRONG_KEY = 'contract-suite-wrong-key-0000'

/** The most of one response body the suite reads by default; the rest is discarded unread. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576

/** What a truncated body keeps, for the report: it cannot be parsed, so the rest is of no use. */
export const EXCERPT_BYTES = 4_096

/** The deepest answer parsed (the mock's bound on a request body): 1 MiB of `[[[` parses to 50 MiB at once. */
export const MAX_ANSWER_DEPTH = 512
const ANSWER_SHAPE = { maxDepth: MAX_ANSWER_DEPTH, maxContainers: Infinity, maxValues: Infinity }

export interface SendLimits {
  /** The cap on a response body, DEFAULT_MAX_BODY_BYTES by default. */
  maxBodyBytes?: number
  /** The run's deadline: when it aborts, the request stops and DeadlineReached is thrown. */
  deadline?: AbortSignal
}

/** What came back, before it is judged: a body of at most the cap. */
interface Answer {
  status: number
  headers: Headers
  bytes: Uint8Array
  cut?: string
}

/**
 * Sends one request with a timeout and never throws for what the target does: a network failure
 * or timeout becomes an Exchange with status 0, an `error` and its `failure` kind. The body is read
 * as a stream and at most `maxBodyBytes` of it are kept: a 100 MB or endless body costs the cap,
 * not the body. Throws DeadlineReached only when the run's deadline passes.
 *
 * @example
 * await sendRequest('http://127.0.0.1:4010/v1', 'key', { method: 'GET', path: '/pets', auth: 'none' }, 5000)
 * // { status: 401, json: { code: 'unauthorized', … }, curl: "curl -sS -i -X GET 'http://127.0.0.1:4010/v1/pets'" }
 */
export async function sendRequest(
  baseUrl: string,
  apiKey: string,
  request: ProbeRequest,
  timeoutMs: number,
  fetchImpl?: typeof fetch,
  limits: SendLimits = {},
): Promise<Exchange> {
  const url = `${trimTrailingSlashes(baseUrl)}${request.path}`
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  const auth = request.auth ?? 'valid'
  const lines = request.authorization
  if (lines?.length) headers.authorization = lines.map((line) => line.value).join(', ')
  if (!lines && auth !== 'none') headers.authorization = `Bearer ${auth === 'wrong' ? WRONG_KEY : apiKey}`
  if (request.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json'
  const { authorization: _sent, ...rest } = headers
  const shown = lines?.map((line) => `-H ${line.shown}`)
  const curl = curlOf(request.method, url, lines ? rest : headers, request.body, apiKey, shown)
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = limits.deadline ? AbortSignal.any([timeout, limits.deadline]) : timeout
  const maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const sent = { request: { ...request, url }, curl, startedAt: exchangeTicks() }
  const interim = { count: 0 }
  try {
    // A fresh connection: node:http with an agent that keeps none alive opens one for this request
    // and closes it after. Not when fetch was replaced since the suite loaded (MSW's setupServer
    // answering in-process): there are no connections then, and fetch is what answers.
    const inProcess = fetchImpl !== undefined || globalThis.fetch !== LOADED_FETCH
    const answer = await countingInterim(interim, async () => {
      if (request.connection === 'fresh' && !inProcess && !lines && /^https?:/.test(url)) {
        const { authorization, ...others } = headers
        const line = authorization === undefined ? [] : [{ value: authorization }]
        return sendRawHeaders(url, request, others, line, signal, maxBodyBytes, true)
      }
      if (lines && lines.length > 1 && !fetchImpl && /^https?:/.test(url)) {
        // A network failure here may mean the host exists only for an in-process fetch (MSW): the
        // joined line through fetch below is then the only way to reach it.
        const raw = await sendRawHeaders(url, request, rest, lines, signal, maxBodyBytes).catch((error) => {
          if (signal.aborted) throw error
        })
        if (raw) return raw
      }
      return sendFetch(fetchImpl ?? fetch, url, request, headers, signal, maxBodyBytes)
    })
    const tooDeep = answer.cut === undefined && jsonShapeProblem(answer.bytes, ANSWER_SHAPE)
    const why = answer.cut ?? (tooDeep ? `${tooDeep}: not parsed` : undefined)
    const text = new TextDecoder().decode(why ? answer.bytes.subarray(0, EXCERPT_BYTES) : answer.bytes)
    return withLazyJson(
      {
        ...sent,
        status: answer.status,
        headers: answer.headers,
        text,
        ...(why && { truncated: { limitBytes: maxBodyBytes, why } }),
        completedAt: exchangeTicks(),
      },
      () => {
        if (why) return undefined
        if (text.length >= LARGE_BODY_CHARS) collectPending()
        return parseJsonLossless(text)
      },
    )
  } catch (error) {
    if (limits.deadline?.aborted) throw limits.deadline.reason ?? new DeadlineReached('deadline')
    const { kind, message } = describeNetworkError(error, url, timeoutMs, timeout.aborted, interim.count)
    return {
      ...sent,
      status: 0,
      headers: new Headers(),
      text: '',
      json: undefined,
      error: message,
      failure: kind,
      completedAt: exchangeTicks(),
    }
  }
}

/**
 * The exchange with `json` parsed on first read, then kept. A parsed 1 MiB body can be tens of MB;
 * parsed here, every response that completed while the run awaited another would hold one at once.
 * Read first by the runner's watchers, right before it keeps only the facts, one is alive at a time.
 */
function withLazyJson(exchange: Omit<Exchange, 'json'>, parse: () => unknown): Exchange {
  let parsed: { value: unknown } | undefined
  return Object.defineProperty(exchange, 'json', {
    enumerable: true,
    get: () => {
      parsed ??= { value: parse() }
      return parsed.value
    },
  }) as Exchange
}

async function sendFetch(
  fetchImpl: typeof fetch,
  url: string,
  request: ProbeRequest,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBodyBytes: number,
): Promise<Answer> {
  const response = await fetchImpl(url, {
    method: request.method,
    headers,
    ...(request.body !== undefined && { body: request.body }),
    redirect: 'manual',
    signal,
  })
  const body = await readCapped(response.body, maxBodyBytes)
  return { status: response.status, headers: response.headers, ...body }
}

/**
 * Reads a body (fetch's stream or node:http's response) up to `max` bytes. Past that it stops,
 * which cancels the stream and closes the connection, so the rest is never received, let alone held.
 */
async function readCapped(body: AsyncIterable<Uint8Array> | null, max: number) {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body ?? []) {
    if (size + chunk.byteLength > max) {
      chunks.push(chunk.subarray(0, max - size))
      return {
        bytes: Buffer.concat(chunks, max),
        cut: `longer than ${plural(max, 'byte')}: the rest was discarded unread`,
      }
    }
    chunks.push(chunk)
    size += chunk.byteLength
  }
  return { bytes: Buffer.concat(chunks, size) }
}

/**
 * One request over node:http with header lines given one by one (`rawHeaders`-style array), so two
 * Authorization lines reach the server as two lines, not joined as fetch would join them. The body
 * is capped as with fetch (`readCapped`). `fresh`: on a connection of its own (an agent that keeps
 * none alive: `Connection: close`), never one an earlier request used.
 */
function sendRawHeaders(
  url: string,
  request: ProbeRequest,
  headers: Record<string, string>,
  lines: ReadonlyArray<{ value: string }>,
  signal: AbortSignal,
  max: number,
  fresh = false,
): Promise<Answer> {
  // With an array, Node adds neither Host nor Content-Length: HTTP/1.1 requires the one, and the
  // other keeps the body out of chunked encoding.
  const length = request.body === undefined ? [] : ['content-length', String(Buffer.byteLength(request.body))]
  const raw = [
    'host',
    new URL(url).host,
    ...Object.entries(headers).flat(),
    ...length,
    ...lines.flatMap((line) => ['authorization', line.value]),
  ]
  return new Promise((resolve, reject) => {
    const https = url.startsWith('https:')
    const send = https ? httpsRequest : httpRequest
    const agent = fresh ? (https ? FRESH_HTTPS : FRESH_HTTP) : undefined
    const options = { method: request.method, headers: raw, signal, ...(agent && { agent }) }
    const interim = currentInterim()
    const sent = send(url, options, (res) => {
      const headers = new Headers()
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string)
      readCapped(res, max).then((body) => resolve({ status: res.statusCode ?? 0, headers, ...body }), reject)
    })
    sent.on('information', () => interim && interim.count++)
    sent.on('error', reject)
    sent.end(request.body)
  })
}
