// Loaded only when the app mocks the API: the project's handlers behind MSW's service worker.
import { createPetStoreMockWorker } from 'petstore-mock/browser'

/** Registers the worker (served at /mockServiceWorker.js by `msw/vite`) before the app's first request. */
export async function startMock(): Promise<void> {
  // The browser entry warns in the console whenever the app calls the deprecated getPet.
  const { worker } = createPetStoreMockWorker({ baseUrl: '/v1' })
  await worker.start({ onUnhandledFrame: 'bypass' })
}
