import { trimTrailingSlashes } from '../spec/trimTrailingSlashes.ts'
import type { OperationName } from './Check.ts'

/** A request a check sends; `path` is relative to the base URL and may hold a query. */
export interface ProbeRequest {
  operation?: OperationName | undefined
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS'
  path: string
  /** `valid`: the configured key (default); `none`: no Authorization header; `wrong`: a key no server accepts. */
  auth?: 'valid' | 'none' | 'wrong'
  headers?: Record<string, string>
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
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
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
  fetchImpl: typeof fetch = fetch,
): Promise<Exchange> {
  const url = `${trimTrailingSlashes(baseUrl)}${request.path}`
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  const auth = request.auth ?? 'valid'
  if (auth !== 'none') headers.authorization = `Bearer ${auth === 'wrong' ? WRONG_KEY : apiKey}`
  if (request.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json'
  }
  const curl = curlOf(request.method, url, headers, request.body)
  try {
    const response = await fetchImpl(url, {
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
      json: parseJson(text),
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

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
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
export function curlOf(method: string, url: string, headers: Record<string, string>, body?: string): string {
  const parts = ['curl -sS -i', `-X ${method}`, quote(url)]
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
