// The product's Jest entry (contract-tests/contract.test.ts, `npm run contract:jest`) run as users run
// it, against the project's own HTTP mock started as a child process on a free port: the mock must
// pass every check, required and recommended (strict).
import { afterAll } from '@jest/globals'
import { startOwnMock } from '../support/startOwnMock.ts'

const OWN_MOCK_KEY = 'contract-suite-key'
const ownMock = await startOwnMock(OWN_MOCK_KEY)
afterAll(() => ownMock.stop())

// The entry reads its target from the environment, as `npm run contract:jest` gives it; Jest gives
// each test file its own copy of process.env, so this reaches no other file.
Object.assign(process.env, {
  PETSTORE_BASE_URL: ownMock.baseUrl,
  PETSTORE_API_KEY: OWN_MOCK_KEY,
  PETSTORE_STRICT: '1',
  PETSTORE_READ_ONLY: '0',
  PETSTORE_TARGET_KIND: 'server',
})
// Importing the entry registers its tests in this file, after the run it awaits.
await import('../../contract-tests/contract.test.ts').catch(async (error: unknown) => {
  await ownMock.stop()
  throw error
})
