/**
 * An answer as plain data, whatever writes it out: the mock's engine and its server layer give one,
 * and each adapter writes it as a Fetch Response (MSW) or on a node:http ServerResponse.
 */
export interface ApiResponse {
  status: number
  headers: Record<string, string>
  /** A JSON value to serialise, or undefined for no body (204, HEAD). */
  body?: unknown
  /** A body already serialised (the inspector page's HTML); sent as is, instead of `body`. */
  text?: string
  /**
   * Set on a large body (which may hold lazy collections: jsonChunks) written in pieces as the client
   * reads them: the version of what it serialises, so its length is counted once per version.
   */
  stream?: string
  /** The spec operation that answered (set by the engine, for the request journal; never sent). */
  operationId?: string
  /** Set by the engine when the status was forced: by `Prefer: code=`, or by `POST /__mock/next-response`. */
  forced?: 'prefer' | 'next-response'
  /** What the request log adds after the status (the proxy's verdicts); never sent. */
  note?: string
}

/**
 * What a parser of request input gives: the value, or the 4xx response that says why not. Tagged, so
 * no caller tells a value from a response by its keys.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; response: ApiResponse }

/**
 * The failed side of `Parsed`.
 *
 * @example
 * return refuse(errorResponse(400, 'invalid_parameter', 'limit must be an integer'))
 */
export function refuse(response: ApiResponse): { ok: false; response: ApiResponse } {
  return { ok: false, response }
}
