import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import { jsonShapeProblem } from '../../kit/json/jsonShape.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import type { HttpMethod } from '../../spec/runtime.ts'
import { DeadlineReached } from '../base/deadline.ts'
import type { OperationName } from '../base/OperationName.ts'
import { collectPending, LARGE_BODY_CHARS } from './collectSoon.ts'
import { countingInterim } from './countingInterim.ts'
import { describeNetworkError, type NetworkFailure } from './describeNetworkError.ts'
import {
  DEFAULT_FORM,
  describeForm,
  type FormMeaning,
  formFor,
  REFUSABLE,
  type RequestForm,
  spelledJson,
  spelledTarget,
} from './requestForm.ts'
import { type Answer, cutAt, sendRaw } from './sendRaw.ts'
import { reproduceLine, wireRequests } from './wireRequests.ts'

/** A request a check sends; `path` is relative to the base URL and may hold a query. */
export interface ProbeRequest {
  operation?: OperationName | undefined
  method: Uppercase<HttpMethod>
  path: string
  /** `valid`: the configured key (default); `none`: no Authorization header; `wrong`: a key no server accepts. */
  auth?: 'valid' | 'none' | 'wrong'
  headers?: Record<string, string>
  /**
   * Exact Authorization field lines, instead of `auth`: none, one, or several (sent apart by the raw
   * client, joined with `, ` through a custom fetch, which a correct server also refuses). `shown`: the
   * line as a double-quoted shell word for the curl line, the key as `$PETSTORE_API_KEY`.
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
   * Which connection carries it: `reused` (the default) goes through the keep-alive pool unless its
   * form needs the raw client; `fresh` opens one of its own, says `Connection: close` and closes it
   * after the answer. In process (a custom fetch, MSW's setupServer: LOADED_FETCH) both go through fetch.
   */
  connection?: 'fresh' | 'reused' | undefined
  /** The form it is written in (requestForm.ts); else the run draws one (`SendLimits.forms`). */
  form?: RequestForm | undefined
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
  /** The form the request went out in, when not the default (describeForm): the curl line writes it. */
  form?: string
  /**
   * Set when the same request in another form got another answer that an RFC lets the target give:
   * a form it refused (this exchange is then the default form's), or the HEAD sent before this GET.
   */
  unlike?: { form: string; answer: string }
}

let ticks = 0

/** The global fetch when the suite loaded: another one later means requests are answered in-process. */
const LOADED_FETCH = globalThis.fetch

/**
 * The next tick of the clock every exchange is stamped with: a counter, not a time, so two stamps
 * never tie and `a.completedAt < b.startedAt` means b was sent after a's answer was complete.
 */
export const exchangeTicks = (): number => ++ticks

export const WRONG_KEY = 'contract-suite-wrong-key-0000'

/** The most of one response body the suite reads by default; the rest is discarded unread. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576

/** What a truncated body keeps, for the report: it cannot be parsed, so the rest is of no use. */
export const EXCERPT_BYTES = 4_096

/** The deepest answer parsed (the mock's bound on a request body): 1 MiB of `[[[` parses to 50 MiB at once. */
export const MAX_ANSWER_DEPTH = 512
const ANSWER_SHAPE = { maxDepth: MAX_ANSWER_DEPTH, maxContainers: Infinity, maxValues: Infinity }

/** The dimensions of a form that fetch writes too. */
const DEFAULT_SPELLING = { query: DEFAULT_FORM.query, json: DEFAULT_FORM.json, type: DEFAULT_FORM.type }

export interface SendLimits {
  /** The cap on a response body, DEFAULT_MAX_BODY_BYTES by default. */
  maxBodyBytes?: number
  /** The run's deadline: when it aborts, the request stops and DeadlineReached is thrown. */
  deadline?: AbortSignal
  /** Draws the form of each request that names none (formDrawer, from the run's seed); else the default form. */
  forms?: ((request: FormMeaning) => RequestForm) | undefined
  /** Cookies kept as a browser keeps them: each answer's Set-Cookie goes back with every later request. */
  cookies?: Map<string, string> | undefined
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
  const inProcess = fetchImpl !== undefined || globalThis.fetch !== LOADED_FETCH || !/^https?:/.test(url)
  const given = request.form ?? limits.forms?.(request) ?? DEFAULT_FORM
  // A connection of its own says so (`Connection: close`), as an agent that keeps none alive does.
  const fresh = request.connection === 'fresh' && !given.connection
  const drawn = fresh ? formFor({ ...given, connection: 'close' }, request) : given
  const typed =
    request.body === undefined || Object.keys(request.headers ?? {}).some((h) => /^content-type$/i.test(h))
  // A request that names its own Content-Type keeps it.
  const spelled = { query: drawn.query, json: drawn.json, type: typed ? DEFAULT_FORM.type : drawn.type }
  // In process (a custom fetch, MSW's setupServer) there is no connection: only the spelling of the
  // query, the body and its type can differ.
  const tried = inProcess ? { ...DEFAULT_FORM, ...spelled } : { ...drawn, ...spelled }
  let form = tried
  const { auth = 'valid', authorization: lines } = request
  const keys =
    lines?.map((line) => line.value) ??
    (auth === 'none' ? [] : [`Bearer ${auth === 'wrong' ? WRONG_KEY : apiKey}`])
  // The fields after Accept, in the order they go out: the request's, the key, the body's type, the cookies.
  const own: Array<readonly [string, string]> = [
    ...Object.entries(request.headers ?? {}).filter(([name]) => name !== 'accept'),
    ...keys.map((key) => ['authorization', key] as const),
  ]
  const cookies: Array<readonly [string, string]> = limits.cookies?.size
    ? [['cookie', [...limits.cookies].map(([n, v]) => `${n}=${v}`).join('; ')]]
    : []
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = limits.deadline ? AbortSignal.any([timeout, limits.deadline]) : timeout
  const reading = { signal, max: limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES }
  /** The request written in `form`: its curl line, and how it goes (a connection of its own unless fetch can send it). */
  const inForm = (form: RequestForm) => {
    const sent = `${trimTrailingSlashes(baseUrl)}${spelledTarget(request.path, form.query)}`
    const body = request.body === undefined ? undefined : spelledJson(request.body, form.json)
    const accept = request.headers?.accept ?? form.accept
    const fields = [
      ...(accept === '' ? [] : [['accept', accept] as const]),
      ...own,
      ...(typed ? [] : [['content-type', form.type] as const]),
      ...cookies,
    ]
    // fetch sends a form whose only changes are the spelling of the query, the body and its type.
    const spelling = !describeForm({ ...form, ...DEFAULT_SPELLING })
    const byFetch = inProcess || (request.connection !== 'fresh' && keys.length < 2 && spelling)
    const shown = lines?.map((line) => line.shown)
    const curl = reproduceLine(request.method, sent, fields, body, apiKey, form, shown)
    // Written when sent, so a field the raw client refuses (CR or LF in it) fails as fetch fails: status 0.
    const send = async (): Promise<Answer[]> => {
      if (byFetch) return [await sendFetch(fetchImpl ?? fetch, sent, request.method, fields, body, reading)]
      const wire = wireRequests(request.method, new URL(sent), fields, body, form)
      return sendRaw(new URL(sent), wire, { ...reading, pipelined: form.head === 'pipelined' })
    }
    return { curl, send }
  }
  let sending = inForm(form)
  let curl = sending.curl
  const startedAt = exchangeTicks()
  const stamped = () => ({
    request: { ...request, url, form: tried },
    curl,
    ...(describeForm(form) && { form: describeForm(form) }),
    startedAt,
    completedAt: exchangeTicks(),
  })
  const interim = { count: 0 }
  try {
    const refusable = [...REFUSABLE].some((d) => form[d] !== DEFAULT_FORM[d])
    // A refusable form may be refused by a dropped connection too (a server that reads no chunked
    // body), but not a GET after a HEAD: the document decides its answer.
    let [head, last] = await countingInterim(interim, sending.send).catch((error: unknown) => {
      if (refusable && form.head === '' && !signal.aborted) return []
      throw error
    })
    // A HEAD asked to come back later (429, 503): the exchange says so, and the run sends it again.
    const wait = (of?: Answer) => of?.status === 429 || of?.status === 503
    const later = wait(head)
    // A HEAD first (RFC 9110 §9.3.2): its answer should be the GET's status and fields, without content.
    const type = (of: Answer) => of.headers.get('content-type')
    const unalike = (h?: Answer, g?: Answer) => !!h && !!g && (h.status !== g.status || type(h) !== type(g))
    // Unalike, the two go once more (a create may have landed between them), unless one asked to wait.
    const twice =
      unalike(head, last) && ![head, last].some(wait)
        ? await countingInterim(interim, sending.send).catch(() => [])
        : []
    if (twice.length > 1 && !unalike(...twice)) [head, last] = twice
    let answer = later ? head : (last ?? head)
    let unlike: Exchange['unlike']
    if (head && unalike(head, last) && !later)
      unlike = { form: 'HEAD', answer: `${head.status} with Content-Type ${type(head)}` }
    // A form an RFC lets the target refuse, refused (a 4xx but 429, which asks to come back later;
    // 501; 505): it goes again in the default form, whose answer is judged, and forms_refused reports it.
    const status = answer?.status ?? 0
    const refused =
      status === 0 || (status >= 400 && status < 500 && status !== 429) || status === 501 || status === 505
    if (refusable && refused) {
      const asDrawn = sending
      sending = inForm(DEFAULT_FORM)
      let [again] = await countingInterim(interim, sending.send)
      // A read answered otherwise is asked once more as drawn: the store may have changed in between (a
      // 404, then a concurrent create of that id). Answered as the default now, it was not refused.
      if (again && again.status !== status && request.method === 'GET') {
        const settled = (await countingInterim(interim, asDrawn.send).catch(() => [])).at(-1)
        if (settled?.status === again.status) [answer, again] = [settled, undefined]
      }
      if (again && again.status !== status) {
        unlike = { form: describeForm(form) ?? '', answer: answer ? String(status) : 'no answer' }
        ;[answer, curl, form] = [again, sending.curl, DEFAULT_FORM]
      }
    }
    if (!answer) throw new Error('no answer')
    for (const cookie of answer.headers.getSetCookie()) keepCookie(limits.cookies, cookie)
    const tooDeep = answer.cut === undefined && jsonShapeProblem(answer.bytes, ANSWER_SHAPE)
    const why = answer.cut ?? (tooDeep ? `${tooDeep}: not parsed` : undefined)
    const text = new TextDecoder().decode(why ? answer.bytes.subarray(0, EXCERPT_BYTES) : answer.bytes)
    // `json` is parsed on first read, then kept. A parsed 1 MiB body can be tens of MB; parsed here,
    // every response that completed while the run awaited another would hold one at once. Read first
    // by the runner's watchers, right before it keeps only the facts, one is alive at a time.
    let parsed: { value: unknown } | undefined
    return {
      ...stamped(),
      status: answer.status,
      headers: answer.headers,
      text,
      get json() {
        if (!parsed && !why && text.length >= LARGE_BODY_CHARS) collectPending()
        parsed ??= { value: why ? undefined : parseJsonLossless(text) }
        return parsed.value
      },
      ...(why && { truncated: { limitBytes: reading.max, why } }),
      ...(unlike && { unlike }),
    }
  } catch (error) {
    if (limits.deadline?.aborted) throw limits.deadline.reason ?? new DeadlineReached('deadline')
    const { kind, message } = describeNetworkError(error, url, timeoutMs, timeout.aborted, interim.count)
    const none = { status: 0, headers: new Headers(), text: '', json: undefined }
    return { ...stamped(), ...none, error: message, failure: kind }
  }
}

async function sendFetch(
  fetchImpl: typeof fetch,
  url: string,
  method: string,
  fields: ReadonlyArray<readonly [string, string]>,
  body: string | undefined,
  { signal, max }: { signal: AbortSignal; max: number },
): Promise<Answer> {
  // Two Authorization lines are joined with `, `, as fetch joins duplicates (sendRaw keeps them apart).
  const headers = new Headers(fields as Array<[string, string]>)
  const response = await fetchImpl(url, { method, headers, body, redirect: 'manual', signal })
  const answer = { status: response.status, headers: response.headers }
  const chunks: Uint8Array[] = []
  let size = 0
  // Past `max` it stops, which cancels the stream and closes the connection: the rest is never received.
  for await (const chunk of response.body ?? []) {
    chunks.push(chunk.subarray(0, max - size))
    size += chunk.byteLength
    if (size > max) return { ...answer, bytes: Buffer.concat(chunks, max), cut: cutAt(max) }
  }
  return { ...answer, bytes: Buffer.concat(chunks, size) }
}

/**
 * Keeps a Set-Cookie as a browser would (RFC 6265 §5.2, its name and value; an expiry in the past or
 * Max-Age of 0 or less removes it), so later requests carry it whatever they mean to send.
 */
function keepCookie(jar: Map<string, string> | undefined, line: string): void {
  const [pair = '', ...attributes] = line.split(';')
  const at = pair.indexOf('=')
  if (!jar || at < 0) return
  const name = pair.slice(0, at).trim()
  const expired = attributes.some((attribute) => {
    const [key = '', value = ''] = attribute.split('=').map((part) => part.trim().toLowerCase())
    return (key === 'max-age' && Number(value) <= 0) || (key === 'expires' && Date.parse(value) < Date.now())
  })
  if (expired) jar.delete(name)
  else jar.set(name, pair.slice(at + 1).trim())
}
