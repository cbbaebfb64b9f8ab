import type { ApiResponse } from '../http/ApiResponse.ts'
import { errorResponse } from '../http/errorResponse.ts'
import { CONTROL_PREFIX, isControlPath } from './controlPath.ts'
import type { CorsPolicy } from './cors.ts'
import type { HostPolicy } from './hostAllowed.ts'

/** What the guard reads of a request: nothing of the body. */
export interface RequestFacts {
  method: string
  /** The origin-form target, `/v1/pets?limit=1`. */
  target: string
  host: string | undefined
  origin: string | undefined
  contentType: string | undefined
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const MAX_SHOWN = 100

/**
 * The HTTP mock's answer to requests a web page could send on a victim's behalf, before anything
 * else reads them (decisions/007-hostile-clients.md):
 * - a `Host` the host policy refuses (DNS rebinding) gets 403 `host_not_allowed`;
 * - a write to `/__mock/*` gets 403 `cross_site_request` from an Origin outside the CORS allow-list,
 *   and from no Origin unless it is `Content-Type: application/json` (which another origin's page can
 *   send only after a CORS preflight the mock refuses): no form or `text/plain` POST resets the mock.
 * Returns undefined when the request may go on.
 *
 * @example
 * refuseUnsafeRequest({ method: 'POST', target: '/__mock/reset', host: '127.0.0.1:4010', origin: undefined, contentType: 'text/plain' }, cors, hosts)
 * // { status: 403, body: { code: 'cross_site_request', … } }
 */
export function refuseUnsafeRequest(
  request: RequestFacts,
  cors: CorsPolicy,
  hosts: HostPolicy,
): ApiResponse | undefined {
  if (!hosts.allows(request.host)) {
    const shown = JSON.stringify((request.host ?? '').slice(0, MAX_SHOWN))
    return errorResponse(
      403,
      'host_not_allowed',
      `The Host ${shown} is not allowed: the mock answers IP addresses, localhost and the names given with --allowed-host (a defence against DNS rebinding). Start it with --allowed-host NAME to serve that name.`,
    )
  }
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined
  if (!isControlPath(request.target.split('?', 1)[0] as string)) return undefined
  const allowedOrigin = request.origin !== undefined && cors.allows(request.origin)
  if (request.origin !== undefined && !allowedOrigin) {
    return errorResponse(
      403,
      'cross_site_request',
      `Control requests from the origin ${JSON.stringify(request.origin.slice(0, MAX_SHOWN))} are refused: only the CORS allow-list (localhost, 127.0.0.1 and --cors-origin) may change the mock.`,
    )
  }
  if (allowedOrigin || isJson(request.contentType)) return undefined
  return errorResponse(
    403,
    'cross_site_request',
    `Writes to ${CONTROL_PREFIX} need "Content-Type: application/json" (curl: -H 'Content-Type: application/json'), so that no web page can change the mock with a form or a simple request.`,
  )
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json'
}
