import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { operations, type PetStoreDocument, type SpecOperation } from '../../spec/runtime.ts'

/** The order methods are listed in `methods`, the usual one; others follow. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']

/** A path of the spec that a request path matched, with its raw (still percent-encoded) parameters. */
export interface RouteMatch {
  template: string
  /** Operations by upper-case method (`GET`, `POST`); HEAD is answered by GET. */
  operations: ReadonlyMap<string, SpecOperation>
  /** The `Allow` header value for this path. */
  allow: string
  rawParams: Record<string, string>
}

interface Route {
  segments: string[]
  /** Per segment, the parameter name of a `{parameter}` segment, undefined for a literal: decided once. */
  parameters: (string | undefined)[]
  template: string
  operations: Map<string, SpecOperation>
  allow: string
}

/**
 * The spec's paths, ready to match request paths against. Built once per document, so adding a path
 * to the spec adds it here; matching is a walk over a handful of segments, no regular expressions.
 * Routes are tried most specific first, as Prism does (and as OpenAPI says: "concrete paths are
 * matched before their templated counterparts"): at the first segment where two templates differ, a
 * literal beats a `{parameter}`, so `/pets/mine` wins over `/pets/{petId}` whatever the document order.
 *
 * @example
 * const routes = new RouteTable(document, '/v1')
 * routes.match('/v1/pets/7')?.rawParams // { petId: '7' }
 */
export class RouteTable {
  readonly basePath: string
  /** Every method some path allows (`GET, HEAD, POST, OPTIONS`): the CORS preflight's allowed methods. */
  readonly methods: string
  #routes: Route[] = []
  /** `basePath/`, built once: this is on every request's path. */
  readonly #prefix: string

  constructor(document: PetStoreDocument, basePath: string) {
    this.basePath = trimTrailingSlashes(basePath)
    this.#prefix = `${this.basePath}/`
    const byTemplate = new Map<string, Map<string, SpecOperation>>()
    for (const operation of operations(document)) {
      const methods = byTemplate.get(operation.path) ?? new Map<string, SpecOperation>()
      methods.set(operation.method.toUpperCase(), operation)
      byTemplate.set(operation.path, methods)
    }
    for (const [template, methods] of byTemplate) {
      const allowed = [...methods.keys()]
      if (methods.has('GET')) allowed.push('HEAD')
      allowed.push('OPTIONS')
      this.#routes.push({
        template,
        segments: template.split('/').slice(1),
        parameters: template
          .split('/')
          .slice(1)
          .map((segment) => (isTemplate(segment) ? segment.slice(1, -1) : undefined)),
        operations: methods,
        allow: allowed.join(', '),
      })
    }
    const methods = new Set(this.#routes.flatMap((route) => route.allow.split(', ')))
    this.methods = METHOD_ORDER.filter((method) => methods.delete(method))
      .concat(...methods)
      .join(', ')
    // Array.prototype.sort is stable: templates equally specific keep their document order.
    this.#routes.sort((a, b) => bySpecificity(a.segments, b.segments))
  }

  /** Every operation of every path. */
  operations(): SpecOperation[] {
    return this.#routes.flatMap((route) => [...route.operations.values()])
  }

  /** True when `path` lies under the base path (`/v1` or `/v1/...`). */
  isUnderBase(path: string): boolean {
    return path === this.basePath || path.startsWith(this.#prefix)
  }

  /** The route for a request path under the base path, or undefined. Paths are case-sensitive. */
  match(path: string): RouteMatch | undefined {
    if (!this.isUnderBase(path)) return undefined
    const segments = path.length === this.basePath.length ? [] : path.slice(this.#prefix.length).split('/')
    for (const route of this.#routes) {
      const rawParams = matchSegments(route, segments)
      if (rawParams)
        return { template: route.template, operations: route.operations, allow: route.allow, rawParams }
    }
    return undefined
  }
}

/** Negative when `a` is more specific: at the first position where one is literal and the other a template. */
export function bySpecificity(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const difference = Number(isTemplate(a[i] ?? '')) - Number(isTemplate(b[i] ?? ''))
    if (difference !== 0) return difference
  }
  return a.length - b.length
}

function isTemplate(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}')
}

function matchSegments(route: Route, actual: string[]): Record<string, string> | undefined {
  const { segments, parameters } = route
  if (segments.length !== actual.length) return undefined
  // Literals first, so a route that does not match allocates nothing.
  for (let i = 0; i < segments.length; i++) {
    const got = actual[i] as string
    if (parameters[i] === undefined ? segments[i] !== got : got === '') return undefined
  }
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const name = parameters[i]
    if (name !== undefined) params[name] = actual[i] as string
  }
  return params
}
