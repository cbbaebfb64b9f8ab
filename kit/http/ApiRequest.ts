import { originForm } from './originForm.ts'

/**
 * A query as parsed once at the edge: decoded name and value pairs in order, repeats kept. Read
 * only: one request's query is shared by every part that reads it.
 */
export type Query = Omit<URLSearchParams, 'append' | 'set' | 'delete' | 'sort'>

/**
 * One HTTP request as every part of the project reads it. Each edge (the MSW resolver, the node:http
 * server, the proxy, a HAR entry) builds it once with `apiRequest`; nothing below reads a URL again.
 */
export interface ApiRequest {
  /** The method, upper-case. */
  readonly method: string
  /** The request target as received, in origin form (`/v1/pets?limit=2`): what logs and journals show. */
  readonly target: string
  /** The target's path as sent (still percent-encoded), without the query: what the router matches. */
  readonly path: string
  /** The target's query, without the `?` (`''` when there is none). */
  readonly search: string
  /** The query's decoded pairs, in order, repeats kept: parsed on first read, once. */
  readonly query: Query
  /** A request header by lower-case name; repeated Authorization and Content-Type lines joined with `, `. */
  header(name: string): string | undefined
  /** The body as text, undefined when there was none. */
  readonly body?: string | undefined
  /** Set by an edge that stopped reading because the body passed its cap. */
  readonly bodyTooLarge?: boolean | undefined
}

/** What an edge knows of a request before it is parsed (`originForm` gives the target's form). */
export type RequestInit = Pick<ApiRequest, 'method' | 'target' | 'body' | 'bodyTooLarge'> & {
  header?: ApiRequest['header'] | undefined
}

const readOnly = (): never => {
  throw new Error('the empty query is shared: read only')
}
/** The query of a request without one, shared by all of them: a write throws rather than reach the next request. */
const NO_QUERY: Query = Object.assign(new URLSearchParams(), {
  append: readOnly,
  set: readOnly,
  delete: readOnly,
  sort: readOnly,
})
const NO_HEADERS = (): undefined => undefined

/**
 * Parses a request once: the path and query are cut apart here, and the query decoded on first
 * read. Cheap on the hot path: a request without a query costs one `indexOf`.
 *
 * @example
 * const request = apiRequest({ method: 'get', target: '/v1/pets?limit=2&limit=3' })
 * request.path // '/v1/pets'
 * request.query.getAll('limit') // ['2', '3']
 */
export function apiRequest(init: RequestInit): ApiRequest {
  return new ParsedRequest(init)
}

/**
 * What `apiRequest` builds: a class rather than an object literal, because V8 builds a literal
 * with a getter (`get query()`) in its runtime on every request (about 2 us, measured under
 * `npm run bench`'s load), while a class's getter lives on its prototype once. `query` is
 * therefore not an own property: read it, never spread a request.
 */
class ParsedRequest implements ApiRequest {
  readonly method: string
  readonly target: string
  readonly path: string
  readonly search: string
  readonly header: (name: string) => string | undefined
  readonly body: string | undefined
  readonly bodyTooLarge: boolean | undefined
  #query: Query | undefined

  constructor(init: RequestInit) {
    const queryAt = init.target.indexOf('?')
    this.method = upperCase(init.method)
    this.target = init.target
    this.path = queryAt === -1 ? init.target : init.target.slice(0, queryAt)
    this.search = queryAt === -1 ? '' : init.target.slice(queryAt + 1)
    this.header = init.header ?? NO_HEADERS
    this.body = init.body
    this.bodyTooLarge = init.bodyTooLarge
    this.#query = this.search === '' ? NO_QUERY : undefined
  }

  get query(): Query {
    this.#query ??= new URLSearchParams(this.search)
    return this.#query
  }
}

/**
 * A request recorded or named by its absolute URL (a HAR entry, a replayed exchange, a base URL),
 * parsed as the server saw it: `apiRequest` over the URL's `originForm`.
 *
 * @example
 * apiRequestFromUrl('get', 'http://127.0.0.1:4010/v1/pets?limit=2').path // '/v1/pets'
 */
export function apiRequestFromUrl(method: string, url: string): ApiRequest {
  return apiRequest({ method, target: originForm(url) })
}

/** `toUpperCase` without a new string for the common case (already upper-case). */
function upperCase(method: string): string {
  for (let i = 0; i < method.length; i++) {
    const code = method.charCodeAt(i)
    if (code >= 97 && code <= 122) return method.toUpperCase()
  }
  return method
}
