import { trimTrailingSlashes } from '../text/trimTrailingSlashes.ts'

/** Origins a browser app may call the HTTP mock from: any port of localhost/127.0.0.1, plus extras. */
export interface CorsPolicy {
  allows(origin: string): boolean
}

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
 * Adds the CORS response headers for a request from `origin` to `headers`; `Vary: Origin` always,
 * because the answer depends on it. A preflight also gets the allowed methods (`methods`: those the
 * spec's paths allow, `engine.methods`) and headers.
 *
 * @example
 * applyCors(policy, 'http://localhost:5173', true, headers, 'GET, HEAD, POST, OPTIONS')
 */
export function applyCors(
  policy: CorsPolicy,
  origin: string | undefined,
  preflight: boolean,
  headers: Record<string, string>,
  methods: string,
): void {
  headers.vary = 'Origin'
  if (!origin || !policy.allows(origin)) return
  headers['access-control-allow-origin'] = origin
  headers['access-control-expose-headers'] = EXPOSED_HEADERS
  if (preflight) {
    // The API's methods (from the spec) and the control plane's DELETE (`/__mock/requests`,
    // `/__mock/next-response`).
    headers['access-control-allow-methods'] = withControlPlaneMethods(methods)
    headers['access-control-allow-headers'] = ALLOWED_REQUEST_HEADERS
    headers['access-control-max-age'] = '600'
  }
}

/** The API's methods plus DELETE, which only the control plane uses, before OPTIONS. */
function withControlPlaneMethods(methods: string): string {
  const list = methods.split(', ')
  if (list.includes('DELETE')) return methods
  const options = list.indexOf('OPTIONS')
  list.splice(options === -1 ? list.length : options, 0, 'DELETE')
  return list.join(', ')
}
