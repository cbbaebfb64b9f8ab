import { CONTROL_PREFIX, isControlPath } from '../kit/guard/controlPath.ts'
import type { ApiRequest } from '../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { errorResponse } from '../kit/http/errorResponse.ts'

/** One control endpoint's answer to one method, given what the server it serves holds (`context`). */
export type ControlHandler<C> = (request: ApiRequest, context: C) => ApiResponse

/** Control endpoints by name under `/__mock/` (`''`: the page itself), then by method. */
export type ControlEndpoints<C> = Readonly<
  Record<string, Readonly<Partial<Record<string, ControlHandler<C>>>>>
>

export interface ControlPlane<C> {
  /** Its endpoint's answer (HEAD as GET), or `404 route_not_found` or `405 method_not_allowed` with `Allow`. */
  answer(request: ApiRequest, context: C): ApiResponse
  /** The methods the endpoint at `path` answers, in the order `Allow` lists them; undefined when none is there. */
  methods(path: string): string | undefined
  /** Every endpoint with its methods, as `METHOD /__mock/name`: what `--help` must name. */
  endpoints(): string[]
}

/**
 * The one control plane of the mock and the proxy: each brings its endpoints (the journal views are
 * shared: serving/journalViews.ts), this dispatches them, so a mistake gets the same Error code from
 * both.
 *
 * @example
 * const plane = controlPlane({ health: { GET: () => ({ status: 200, headers: {}, body: { status: 'ok' } }) } })
 * plane.answer(apiRequest({ method: 'PUT', target: '/__mock/health' }), context) // 405, allow: 'GET, HEAD'
 */
export function controlPlane<C>(endpoints: ControlEndpoints<C>): ControlPlane<C> {
  const endpointAt = (path: string) => {
    if (!isControlPath(path)) return undefined
    const name = path.slice(CONTROL_PREFIX.length + 1)
    return Object.hasOwn(endpoints, name) ? endpoints[name] : undefined
  }
  const allowOf = (handlers: ControlEndpoints<C>[string]) =>
    Object.keys(handlers)
      .flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]))
      .join(', ')
  return {
    answer(request, context) {
      const handlers = endpointAt(request.path)
      if (!handlers) {
        const known = Object.keys(endpoints).map((name) => `${CONTROL_PREFIX}/${name}`)
        const message = `No control endpoint ${request.path.slice(0, 100)}; there are ${known.join(', ')}.`
        return errorResponse(404, 'route_not_found', message)
      }
      const handler = handlers[request.method === 'HEAD' ? 'GET' : request.method]
      if (handler) return handler(request, context)
      const allow = allowOf(handlers)
      const message = `Only ${allow} is allowed on ${request.path}.`
      return errorResponse(405, 'method_not_allowed', message, { allow })
    },
    methods(path) {
      const handlers = endpointAt(path)
      return handlers && allowOf(handlers)
    },
    endpoints: () =>
      Object.entries(endpoints).flatMap(([name, handlers]) =>
        Object.keys(handlers).map((method) => `${method} ${CONTROL_PREFIX}/${name}`),
      ),
  }
}
