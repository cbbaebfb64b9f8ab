// Entry point for browser apps, `petstore-mock/browser`: the Pet Store handlers behind MSW's service worker.
export * from './index.ts'
export { createPetStoreMockWorker, type PetStoreMockWorker } from './msw/createPetStoreMockWorker.ts'
