import { setupServer } from 'msw/node'
import { seedPets } from '../../fixtures/seedPets.ts'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { createPetStoreHandlers } from '../../mocks/msw/handlers.ts'
import type { CompiledSpec, Pet } from '../../spec/runtime.ts'

/** One way of reaching the mock: in-process through MSW, over HTTP, or through the validating proxy. */
export interface Transport {
  name: 'msw' | 'http' | 'proxy'
  /** Base URL of the API, ending in /v1. */
  baseUrl: string
  /** Returns the store to `seed` (the fixture pets by default). */
  reset(seed?: readonly Pet[]): void
}

/** The in-process host; never resolvable, so only MSW can answer it. */
export const IN_PROCESS_BASE_URL = 'http://petstore.mock/v1'

/**
 * Starts the mock both ways with self-checking on (every response is validated against the spec):
 * MSW's setupServer intercepting `fetch` for IN_PROCESS_BASE_URL, and the HTTP server on port 0.
 * Requests to any other host pass through MSW untouched.
 */
export async function startTransports(
  options: { apiKeys?: string[]; spec?: CompiledSpec } = {},
): Promise<{ transports: Transport[]; close(): Promise<void> }> {
  const inProcess = createPetStoreHandlers({ baseUrl: IN_PROCESS_BASE_URL, selfCheck: true, ...options })
  const server = setupServer(...inProcess.handlers)
  server.listen({ onUnhandledFrame: 'bypass' })

  const http = createHttpMock({ selfCheck: true, ...options })
  const httpBaseUrl = await listen(http, 0, '127.0.0.1')

  return {
    transports: [
      { name: 'msw', baseUrl: IN_PROCESS_BASE_URL, reset: (seed = seedPets) => inProcess.reset(seed) },
      { name: 'http', baseUrl: httpBaseUrl, reset: (seed = seedPets) => http.store.reset(seed) },
    ],
    async close() {
      server.close()
      http.server.closeAllConnections()
      await new Promise((resolve) => http.server.close(resolve))
    },
  }
}
