import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { trimTrailingSlashes } from '../spec/trimTrailingSlashes.ts'
import type { OperationName } from './Check.ts'
import { parseJsonLossless } from './json/parseJsonLossless.ts'

/** A request a check sends; `path` is relative to the base URL and may hold a query. */
export interface ProbeRequest {
  operation?: OperationName | undefined
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS'
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
  /**
   * `valid`: a request the interface document defines an answer for. `gap`: one it is silent on
   * (out-of-range limit, unknown status, non-integer petId), so only recommended checks judge its status.
   */
  kind?: 'valid' | 'gap'
  /** Set when the answer will not come from the implementation (a proxy answers it), saying why: the response checks skip it. */
  notJudged?: string | undefined
}

export interface Exchange {
  request: ProbeRequest & { url: string }
  /** 0 when no response came (unreachable, reset, timed out). */
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON (numbers as JSON.parse gives them; `exactJson(json)` for exact int64), or undefined when it is empty or not JSON. */
  json: unknown
  /** Why no response came, when status is 0. */
  error?: string
  /** A curl line that reproduces the request, the key redacted. */
  curl: string
}

export const WRONG_KEY = 'contract-suite-wrong-key-0000'

/**
 * Sends one request with a timeout and never throws: a network failure or timeout becomes an
 * Exchange with status 0 and an `error`, so it is reported, not crashed on.
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
): Promise<Exchange> {
  const url = `${trimTrailingSlashes(baseUrl)}${request.path}`
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  const auth = request.auth ?? 'valid'
  const lines = request.authorization
  if (lines?.length === 1) headers.authorization = lines[0]?.value ?? ''
  if (lines && lines.length > 1) headers.authorization = lines.map((line) => line.value).join(', ')
  if (!lines && auth !== 'none') headers.authorization = `Bearer ${auth === 'wrong' ? WRONG_KEY : apiKey}`
  if (request.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json'
  }
  const { authorization: _sent, ...rest } = headers
  const curl = lines
    ? curlOf(
        request.method,
        url,
        rest,
        request.body,
        lines.map((line) => `-H ${line.shown}`),
      )
    : curlOf(request.method, url, headers, request.body)
  try {
    if (lines && lines.length > 1 && !fetchImpl && /^https?:/.test(url)) {
      // A network failure here may mean the host exists only for an in-process fetch (MSW): the
      // joined line through fetch below is then the only way to reach it.
      const answer = await sendRawHeaders(url, request, rest, lines, timeoutMs).catch((error: Error) => {
        if (error.name === 'TimeoutError') throw error
        return undefined
      })
      if (answer)
        return { request: { ...request, url }, ...answer, json: parseJsonLossless(answer.text), curl }
    }
    const response = await (fetchImpl ?? fetch)(url, {
      method: request.method,
      headers,
      ...(request.body !== undefined && { body: request.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    return {
      request: { ...request, url },
      status: response.status,
      headers: response.headers,
      text,
      json: parseJsonLossless(text),
      curl,
    }
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no response within ${timeoutMs} ms`
        : describeNetworkError(error)
    return {
      request: { ...request, url },
      status: 0,
      headers: new Headers(),
      text: '',
      json: undefined,
      error: reason,
      curl,
    }
  }
}

/**
 * One request over node:http with header lines given one by one (`rawHeaders`-style array), so two
 * Authorization lines reach the server as two lines, not joined as fetch would join them.
 */
function sendRawHeaders(
  url: string,
  request: ProbeRequest,
  headers: Record<string, string>,
  lines: ReadonlyArray<{ value: string }>,
  timeoutMs: number,
): Promise<{ status: number; headers: Headers; text: string }> {
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
    const send = url.startsWith('https:') ? httpsRequest : httpRequest
    const sent = send(url, { method: request.method, headers: raw, timeout: timeoutMs }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('error', reject)
      res.on('end', () => {
        const answered = new Headers()
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          answered.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string)
        resolve({ status: res.statusCode ?? 0, headers: answered, text })
      })
    })
    sent.on('timeout', () => sent.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })))
    sent.on('error', (error) =>
      reject(Object.assign(new Error(error.message), { name: error.name, cause: error })),
    )
    sent.end(request.body)
  })
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

/**
 * A shell line that sends the same request. The key is shown as `***`: paste your own.
 *
 * @example
 * curlOf('GET', 'http://127.0.0.1:4010/v1/pets', { authorization: 'Bearer k' })
 * // curl -sS -i -X GET 'http://127.0.0.1:4010/v1/pets' -H 'authorization: Bearer ***'
 */
export function curlOf(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
  shellArgs: readonly string[] = [],
): string {
  const parts = ['curl -sS -i', `-X ${method}`, quote(url), ...shellArgs]
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'accept') continue
    parts.push(
      `-H ${quote(`${name}: ${name.toLowerCase() === 'authorization' ? hideCredentials(value) : value}`)}`,
    )
  }
  if (body !== undefined)
    parts.push(`--data-raw ${quote(body.length > 300 ? `${body.slice(0, 300)}…` : body)}`)
  return parts.join(' ')
}

/** `Bearer k3y` as `Bearer ***`: the scheme stays, so the line still shows which kind of credential was sent. */
function hideCredentials(value: string): string {
  const space = value.indexOf(' ')
  return space < 0 ? '***' : `${value.slice(0, space + 1)}***`
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}
