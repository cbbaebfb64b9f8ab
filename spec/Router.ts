import { detached } from '../kit/text/detached.ts'
import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import type { SpecOperation } from './operations.ts'

/** The order methods are listed in an `Allow` header, the usual one; others follow. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']

/**
 * Where a request lands. `outside`: not under the base path. `unknown`: under it, on no path of the
 * document. `method`: on a path of the document that has no operation for the method (OPTIONS
 * included, which only lists `allow`). `operation`: the operation, with its path parameters.
 */
export type Route =
  | { readonly kind: 'outside' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'method'; readonly template: string; readonly allow: string }
  | {
      readonly kind: 'operation'
      readonly operation: SpecOperation
      readonly template: string
      readonly allow: string
      /** The path parameters, percent-decoded (a segment that is not valid percent-encoding stays as sent). */
      readonly params: Readonly<Record<string, string>>
      /** The parameter whose segment is not valid percent-encoding, if one is. */
      readonly undecodable?: string
    }

type OperationRoute = Extract<Route, { kind: 'operation' }>

interface PathRoute {
  template: string
  /** Per segment: the literal text, or undefined for a `{parameter}` segment. */
  literals: (string | undefined)[]
  /** Per segment: the parameter name of a `{parameter}` segment. */
  names: (string | undefined)[]
  /** Operations by upper-case method; HEAD is answered by GET. */
  operations: Map<string, SpecOperation>
  allow: string
}

const OUTSIDE: Route = Object.freeze({ kind: 'outside' })
const UNKNOWN: Route = Object.freeze({ kind: 'unknown' })
/** Paths up to this long have their route remembered; longer ones are routed each time. */
const REMEMBERED_PATH_CHARS = 256
/** Routes remembered per method at most: past it, that method's memory starts over. */
const REMEMBERED_PATHS = 256
/** Methods remembered at most (a client may send any token as a method). */
const REMEMBERED_METHODS = 16

/**
 * The one router: which operation of the document a method and path address. The mock, the proxy's
 * judge, coverage, replay and breaks all ask it, so they cannot disagree. A target routes only in its
 * canonical form (decisions/025):
 * - the path starts with the base path and a `/`; the rest is split on `/` and nothing else;
 * - every segment is non-empty and not a dot segment (`.`, `..`): a trailing or doubled slash routes
 *   nowhere, whatever a lenient stack would do with it;
 * - a literal segment equals the document's byte for byte (case-sensitive, not percent-decoded, a
 *   matrix parameter `;x=1` is part of the segment);
 * - a literal segment beats a `{parameter}` at the first position where two paths differ, whatever
 *   the document order ("concrete paths are matched before their templated counterparts");
 * - HEAD is answered by GET.
 * Where a lenient stack would route what this refuses, no rule of the document decides the answer,
 * so no part judges it.
 *
 * @example
 * const router = new Router(operations(document), '/v1')
 * router.route('GET', '/v1/pets/7') // { kind: 'operation', operation: getPet, params: { petId: '7' }, … }
 * router.route('GET', '/v1/pets/') // { kind: 'unknown' }
 */
export class Router {
  /** The base path without a trailing slash (`/v1`; `''` for the root). */
  readonly basePath: string
  /** Every method some path allows (`GET, HEAD, POST, OPTIONS`): what a CORS preflight may allow. */
  readonly methods: string
  readonly #routes: PathRoute[] = []
  /** `basePath/`, built once: it is on every request's path. */
  readonly #prefix: string
  /** Routes already worked out, by method then path (see `route`). */
  readonly #remembered = new Map<string, Map<string, Route>>()

  constructor(operations: readonly SpecOperation[], basePath: string) {
    this.basePath = trimTrailingSlashes(basePath)
    this.#prefix = `${this.basePath}/`
    for (const [template, group] of Map.groupBy(operations, (operation) => operation.path)) {
      const methods = new Map(group.map((operation) => [operation.method.toUpperCase(), operation]))
      const allowed = [...methods.keys()]
      if (methods.has('GET') && !methods.has('HEAD')) allowed.push('HEAD')
      if (!methods.has('OPTIONS')) allowed.push('OPTIONS')
      const segments = template.split('/').slice(1)
      this.#routes.push({
        template,
        literals: segments.map((segment) => (isParameter(segment) ? undefined : segment)),
        names: segments.map((segment) => (isParameter(segment) ? segment.slice(1, -1) : undefined)),
        operations: methods,
        allow: allowed.join(', '),
      })
    }
    // The usual order first (METHOD_ORDER), then any other method in document order.
    const methods = new Set(this.#routes.flatMap((route) => route.allow.split(', ')))
    this.methods = [...METHOD_ORDER.filter((method) => methods.delete(method)), ...methods].join(', ')
    // Array.prototype.sort is stable: paths equally specific keep their document order.
    this.#routes.sort((a, b) => bySpecificity(a.literals, b.literals))
  }

  /**
   * The path below the base path (`/v1` or `/v1/...`), or undefined outside it: the one place the base
   * path is cut (the mock, the proxy, coverage and recorded traffic all ask here).
   *
   * @example
   * router.below('/v1/pets/7') // '/pets/7'
   */
  below(path: string): string | undefined {
    return path === this.basePath || path.startsWith(this.#prefix)
      ? path.slice(this.basePath.length)
      : undefined
  }

  /**
   * Where `method` on `path` (a request's path as sent, without its query) lands. The answer is
   * frozen and may be shared: a client sends the same few paths again and again, so the route of
   * each short path is worked out once and remembered (a bounded map per method, cleared when full).
   *
   * @example
   * router.route('DELETE', '/v1/pets') // { kind: 'method', template: '/pets', allow: 'GET, POST, HEAD, OPTIONS' }
   */
  route(method: string, path: string): Route {
    if (path.length > REMEMBERED_PATH_CHARS) return this.#route(method, path)
    let byPath = this.#remembered.get(method)
    if (byPath === undefined) {
      if (this.#remembered.size >= REMEMBERED_METHODS) this.#remembered.clear()
      byPath = new Map()
      this.#remembered.set(detached(method), byPath)
    }
    let routed = byPath.get(path)
    if (routed === undefined) {
      // A request's path is cut from its target, and V8 may keep the whole target behind a cut:
      // what is remembered (the key, and the parameters cut from it) holds a copy of the path only.
      const kept = detached(path)
      routed = this.#route(method, kept)
      if (byPath.size >= REMEMBERED_PATHS) byPath.clear()
      byPath.set(kept, routed)
    }
    return routed
  }

  #route(method: string, path: string): Route {
    const below = this.below(path)
    if (below === undefined) return OUTSIDE
    if (below === '') return UNKNOWN
    const segments = below.slice(1).split('/')
    for (const segment of segments) if (segment === '' || segment === '.' || segment === '..') return UNKNOWN
    for (const route of this.#routes) {
      if (!literalsMatch(route.literals, segments)) continue
      const wanted = method === 'HEAD' && !route.operations.has('HEAD') ? 'GET' : method
      const operation = route.operations.get(wanted)
      if (!operation) return Object.freeze({ kind: 'method', template: route.template, allow: route.allow })
      const params: Record<string, string> = {}
      let undecodable: string | undefined
      for (let i = 0; i < segments.length; i++) {
        const name = route.names[i]
        if (name === undefined) continue
        const decoded = decodeSegment(segments[i] as string)
        if (decoded === undefined) undecodable ??= name
        params[name] = decoded ?? (segments[i] as string)
      }
      // Set after, rather than spread (`...(undecodable && { undecodable })`): a conditional spread
      // takes V8's slow object-copy path, on every routed request.
      const routed: { -readonly [K in keyof OperationRoute]: OperationRoute[K] } = {
        kind: 'operation',
        operation,
        template: route.template,
        allow: route.allow,
        params: Object.freeze(params),
      }
      if (undecodable !== undefined) routed.undecodable = undecodable
      return Object.freeze(routed)
    }
    return UNKNOWN
  }

  /** Every operation of every path, most specific path first. */
  operations(): SpecOperation[] {
    return this.#routes.flatMap((route) => [...route.operations.values()])
  }
}

/** Negative when `a` is more specific: at the first position where one is literal and the other a parameter. */
function bySpecificity(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const difference = Number(a[i] === undefined) - Number(b[i] === undefined)
    if (difference !== 0) return difference
  }
  return a.length - b.length
}

function literalsMatch(literals: readonly (string | undefined)[], segments: readonly string[]): boolean {
  if (literals.length !== segments.length) return false
  for (let i = 0; i < literals.length; i++) {
    const literal = literals[i]
    if (literal !== undefined && literal !== segments[i]) return false
  }
  return true
}

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}')
}

/** A path segment percent-decoded, or undefined when it is not valid percent-encoding (`%zz`, a lone `%E0`). */
function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}
