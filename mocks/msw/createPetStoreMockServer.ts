import { setupServer } from 'msw/node'
import { createPetStoreHandlers, type PetStoreHandlers, type PetStoreHandlersOptions } from './handlers.ts'

export interface PetStoreMockServer extends PetStoreHandlers {
  /** MSW's server: call `listen()`, `resetHandlers()`, `use(...)` and `close()` on it. */
  server: ReturnType<typeof setupServer>
}

/**
 * A ready MSW server for Node tests, over a fresh store seeded with the fixture pets.
 *
 * @example
 * const mock = createPetStoreMockServer()
 * beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
 * afterEach(() => { mock.server.resetHandlers(); mock.reset() })
 * afterAll(() => mock.server.close())
 */
export function createPetStoreMockServer(options: PetStoreHandlersOptions = {}): PetStoreMockServer {
  const mock = createPetStoreHandlers(options)
  return { ...mock, server: setupServer(...mock.handlers) }
}
