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

const OUTSIDE: Route = { kind: 'outside' }
const UNKNOWN: Route = { kind: 'unknown' }

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

  constructor(operations: readonly SpecOperation[], basePath: string) {
    this.basePath = trimTrailingSlashes(basePath)
    this.#prefix = `${this.basePath}/`
    const byTemplate = new Map<string, Map<string, SpecOperation>>()
    for (const operation of operations) {
      const methods = byTemplate.get(operation.path) ?? new Map<string, SpecOperation>()
      methods.set(operation.method.toUpperCase(), operation)
      byTemplate.set(operation.path, methods)
    }
    for (const [template, methods] of byTemplate) {
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
    this.methods = inMethodOrder([...new Set(this.#routes.flatMap((route) => route.allow.split(', ')))]).join(
      ', ',
    )
    // Array.prototype.sort is stable: paths equally specific keep their document order.
    this.#routes.sort((a, b) => bySpecificity(a.literals, b.literals))
  }

  /** True when `path` lies under the base path (`/v1` or `/v1/...`). */
  isUnderBase(path: string): boolean {
    return path === this.basePath || path.startsWith(this.#prefix)
  }

  /**
   * Where `method` on `path` (a request's path as sent, without its query) lands.
   *
   * @example
   * router.route('DELETE', '/v1/pets') // { kind: 'method', template: '/pets', allow: 'GET, POST, HEAD, OPTIONS' }
   */
  route(method: string, path: string): Route {
    if (!this.isUnderBase(path)) return OUTSIDE
    if (path.length === this.basePath.length) return UNKNOWN
    const segments = path.slice(this.#prefix.length).split('/')
    for (const segment of segments) if (segment === '' || segment === '.' || segment === '..') return UNKNOWN
    for (const route of this.#routes) {
      if (!literalsMatch(route.literals, segments)) continue
      const wanted = method === 'HEAD' && !route.operations.has('HEAD') ? 'GET' : method
      const operation = route.operations.get(wanted)
      if (!operation) return { kind: 'method', template: route.template, allow: route.allow }
      const params: Record<string, string> = {}
      let undecodable: string | undefined
      for (let i = 0; i < segments.length; i++) {
        const name = route.names[i]
        if (name === undefined) continue
        const decoded = decodeSegment(segments[i] as string)
        if (decoded === undefined) undecodable ??= name
        params[name] = decoded ?? (segments[i] as string)
      }
      return {
        kind: 'operation',
        operation,
        template: route.template,
        allow: route.allow,
        params,
        ...(undecodable !== undefined && { undecodable }),
      }
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

function inMethodOrder(methods: readonly string[]): string[] {
  const rank = (method: string) => {
    const at = METHOD_ORDER.indexOf(method)
    return at === -1 ? METHOD_ORDER.length : at
  }
  return [...methods].sort((a, b) => rank(a) - rank(b))
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
