// `npm run contract:jest`: the contract suite as Jest tests (contract-tests/contract.test.ts) against
// the API at PETSTORE_BASE_URL (docs/contract-suite.md). The entry alone, none of the project's tests.
import base, { typescript } from './jest.config.js'

/** @type {import('jest').Config} */
export default {
  ...typescript,
  testTimeout: base.testTimeout,
  roots: ['<rootDir>/contract-tests'],
  testMatch: ['<rootDir>/contract-tests/contract.test.ts'],
}
