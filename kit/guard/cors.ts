import { trimTrailingSlashes } from '../text/trimTrailingSlashes.ts'

/** Origins a browser app may call the HTTP mock from: any port of localhost/127.0.0.1, plus extras. */
export type CorsPolicy = { allows(origin: string): boolean }

const LOCAL_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/

/**
 * The CORS allow-list: local origins always, and any origin listed exactly (`--cors-origin`).
 * `*` allows every origin.
 *
 * @example
 * corsPolicy(['https://app.example.com']).allows('http://localhost:5173') // true
 */
export function corsPolicy(extraOrigins: readonly string[] = []): CorsPolicy {
  const extras = new Set(extraOrigins.map((origin) => trimTrailingSlashes(origin)))
  return { allows: (origin) => extras.has('*') || LOCAL_ORIGIN.test(origin) || extras.has(origin) }
}

/** Headers a browser needs to read our responses (Location, deprecation signals, the challenge). */
export const EXPOSED_HEADERS = 'location, deprecation, sunset, link, www-authenticate, allow'
/** Request headers a browser app may send (`x-mock-session`: each test its own session). */
export const ALLOWED_REQUEST_HEADERS = 'authorization, content-type, prefer, x-mock-session'

/**
 * Adds the CORS response headers for a request from `origin` to `headers` (`Vary: Origin` always). A
 * preflight also gets the allowed headers and `preflightMethods`: the path's own, never another.
 *
 * @example
 * applyCors(policy, 'http://localhost:5173', headers, 'GET, POST, HEAD, OPTIONS')
 */
export function applyCors(
  policy: CorsPolicy,
  origin: string | undefined,
  headers: Record<string, string>,
  preflightMethods?: string,
): void {
  headers.vary = 'Origin'
  if (!origin || !policy.allows(origin)) return
  headers['access-control-allow-origin'] = origin
  headers['access-control-expose-headers'] = EXPOSED_HEADERS
  if (preflightMethods === undefined) return
  headers['access-control-allow-methods'] = preflightMethods
  headers['access-control-allow-headers'] = ALLOWED_REQUEST_HEADERS
  headers['access-control-max-age'] = '600'
}
