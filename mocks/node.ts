// Entry point for Node tests (Jest, Vitest), `petstore-mock/node`: the Pet Store handlers behind
// MSW's setupServer. requireMsw first: it refuses an msw outside the peer range before msw's own
// code runs (modules are evaluated in the order they are named here).
import '../spec/requireNode.ts'
import './msw/requireMsw.ts'

export * from './index.ts'
export { createPetStoreMockServer, type PetStoreMockServer } from './msw/createPetStoreMockServer.ts'
