// What every entry point shares: the handlers, the pure engine and store, and the seed data.
import '../spec/requireNode.ts'

export { seedPets } from '../fixtures/seedPets.ts'
export { type ApiRequest, apiRequest, type Query } from '../kit/http/ApiRequest.ts'
export type { ApiResponse } from '../kit/http/ApiResponse.ts'
export { type ErrorCode, errorResponse } from '../kit/http/errorResponse.ts'
// The API's own types (generated from the spec), so an app can type its client from the package.
export type { Error as ApiError, NewPet, Pet, PetStatus, Pets } from '../spec/runtime.ts'
export { createEngine, DEFAULT_API_KEY, type Engine, type EngineOptions } from './core/createEngine.ts'
export { DEFAULT_STATUS, type ListQuery, PetStore } from './core/PetStore.ts'
export {
  createPetStoreHandlers,
  type PetStoreHandlers,
  type PetStoreHandlersOptions,
} from './msw/handlers.ts'
