import { type HttpHandler, HttpResponse, http } from 'msw'
import { CONTROL_PREFIX } from '../../kit/guard/controlPath.ts'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import { jsonText } from '../../kit/json/jsonChunks.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { MAX_BODY_BYTES } from '../core/parseJsonBody.ts'
import { createMockServer, type MockServer, type MockServerOptions } from '../server/createMockServer.ts'

/** The mock server's options an app sets (a `spec` such as `compileSpec(await loadSpec(path))`), and MSW's own. */
export interface PetStoreHandlersOptions
  extends Pick<MockServerOptions, 'apiKeys' | 'seed' | 'selfCheck' | 'spec'> {
  /** Where the API lives. `*\/v1` (any origin) by default; e.g. `https://api.example.com/v1` or `/v1`. */
  baseUrl?: string
  /** Artificial latency added to every response, in milliseconds. */
  latencyMs?: number
  /** Called when an operation the spec marks deprecated is used; the browser entry warns in the console. */
  onDeprecatedCall?: (warning: string) => void
}

/** The handlers, and the mock server behind them for assertions and direct set-up in tests. */
export interface PetStoreHandlers extends Pick<MockServer, 'store' | 'engine' | 'sessions' | 'reset'> {
  /**
   * MSW request handlers for every operation of the spec, plus 404/405 under the base URL, and the
   * control plane (`/__mock/...`: journal, sessions, forced responses) under the base URL's origin.
   */
  handlers: HttpHandler[]
}

/**
 * MSW handlers for the Pet Store API. The same transport-free mock server (mocks/server) serves the
 * browser worker, `setupServer` and the HTTP server, so all three behave alike: sessions
 * (`X-Mock-Session`), the request journal and the control plane included.
 *
 * @example
 * const { handlers, reset } = createPetStoreHandlers({ baseUrl: 'https://api.example.com/v1' })
 * const server = setupServer(...handlers)
 */
export function createPetStoreHandlers(options: PetStoreHandlersOptions = {}): PetStoreHandlers {
  const baseUrl = trimTrailingSlashes(options.baseUrl ?? '*/v1')
  const { origin, path } = splitBaseUrl(baseUrl)
  // The process is the test's or the tab's own: nothing to protect from other clients.
  const mock = createMockServer({ ...options, basePath: path, maxMemoryMiB: Infinity })

  const resolver = async ({ request }: { request: Request }): Promise<Response> => {
    const url = new URL(request.url)
    const body = request.body ? await request.text() : undefined
    // The MSW edge: the request parsed once (Fetch has already normalised its URL, as a browser sends it).
    const response = await mock.handle(
      apiRequest({
        method: request.method,
        target: url.pathname + url.search,
        header: (name) => request.headers.get(name) ?? undefined,
        body,
        bodyTooLarge: body !== undefined && byteLength(body) > MAX_BODY_BYTES,
      }),
    )
    if (response.headers.deprecation && options.onDeprecatedCall)
      options.onDeprecatedCall(deprecationWarning(request.method, url.pathname, response.headers))
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs))
    const text = response.text ?? (response.body === undefined ? null : jsonText(response.body))
    return new HttpResponse(text, { status: response.status, headers: response.headers })
  }

  const control = `${origin}${CONTROL_PREFIX}`
  return {
    handlers: [
      http.all(baseUrl, resolver),
      http.all(`${baseUrl}/*`, resolver),
      http.all(control, resolver),
      http.all(`${control}/*`, resolver),
    ],
    store: mock.store,
    engine: mock.engine,
    sessions: mock.sessions,
    reset: mock.reset,
  }
}

/**
 * The console warning for a deprecated call, saying only what the spec gives (a sunset, a successor).
 *
 * @example
 * deprecationWarning('GET', '/v1/pets/1', { sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', link: '</v1/pets>; rel="successor-version"' })
 * // 'GET /v1/pets/1 is deprecated and is removed on Thu, 05 Dec 2030 00:00:00 GMT; use </v1/pets>; rel="successor-version".'
 */
export function deprecationWarning(method: string, path: string, headers: Record<string, string>): string {
  const sunset = headers.sunset ? ` and is removed on ${headers.sunset}` : ''
  const successor = headers.link ? `; use ${headers.link}` : ''
  return `${method} ${path} is deprecated${sunset}${successor}.`
}

/** `*\/v1`, `/v1` and `https://host/v1`: the origins `*`, `` (the page's) and `https://host`, each with the path `/v1`. */
function splitBaseUrl(baseUrl: string): { origin: string; path: string } {
  const origin = /^(?:\*|[a-z][a-z0-9+.-]*:\/\/[^/]*)?/i.exec(baseUrl)?.[0] ?? ''
  return { origin, path: baseUrl.slice(origin.length) || '/' }
}

function byteLength(text: string): number {
  // Most bodies are far below the cap; count bytes only when the characters alone could pass it.
  return text.length * 3 <= MAX_BODY_BYTES ? text.length : new TextEncoder().encode(text).byteLength
}
