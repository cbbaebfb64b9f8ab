/**
 * What the engine takes and gives: plain data, so the same engine serves MSW (Fetch Request and
 * Response), node:http, and direct calls in tests.
 */
export interface EngineRequest {
  /** HTTP method, any case. */
  method: string
  /** Path and query as sent, e.g. `/v1/pets?limit=5` (origin already removed). */
  url: string
  /** A request header by lower-case name; repeated headers joined with `, `. */
  header(name: string): string | undefined
  /** The body as text, `undefined` when there was none. */
  body?: string | undefined
  /** Set by an adapter that stopped reading because the body passed the cap. */
  bodyTooLarge?: boolean
}

export interface EngineResponse {
  status: number
  headers: Record<string, string>
  /** A JSON value to serialise, or undefined for no body (204, HEAD). */
  body?: unknown
  /** A body already serialised (the inspector page's HTML); sent as is, instead of `body`. */
  text?: string
  /** The spec operation that answered (set by the engine, for the request journal; never sent). */
  operationId?: string
  /** Set by the engine when the status was forced: by `Prefer: code=`, or by `POST /__mock/next-response`. */
  forced?: 'prefer' | 'next-response'
}

/**
 * What a parser of request input gives: the value, or the 4xx response that says why not. Tagged, so
 * no caller tells a value from a response by its keys.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; response: EngineResponse }

/**
 * The failed side of `Parsed`.
 *
 * @example
 * return refuse(errorResponse(400, 'invalid_parameter', 'limit must be an integer'))
 */
export function refuse(response: EngineResponse): { ok: false; response: EngineResponse } {
  return { ok: false, response }
}
