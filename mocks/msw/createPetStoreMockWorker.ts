import { setupWorker } from 'msw/browser'
import { createPetStoreHandlers, type PetStoreHandlers, type PetStoreHandlersOptions } from './handlers.ts'

export interface PetStoreMockWorker extends PetStoreHandlers {
  /** MSW's worker: `await worker.start()` before the app's first request. */
  worker: ReturnType<typeof setupWorker>
}

/**
 * The mock for a browser app, with a console warning whenever the app calls a deprecated operation.
 * Serve `mockServiceWorker.js` (from `msw/mockServiceWorker.js`) at the site root.
 *
 * @example
 * const { worker } = createPetStoreMockWorker({ baseUrl: '/v1' })
 * await worker.start({ onUnhandledFrame: 'bypass' })
 */
export function createPetStoreMockWorker(options: PetStoreHandlersOptions = {}): PetStoreMockWorker {
  const mock = createPetStoreHandlers({
    onDeprecatedCall: (warning) => console.warn(`[petstore mock] ${warning}`),
    ...options,
  })
  return { ...mock, worker: setupWorker(...mock.handlers) }
}
