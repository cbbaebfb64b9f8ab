// Jest runs our TypeScript as native ESM: @swc/jest strips types (it does not import `typescript`,
// which at version 7 has no JavaScript API) and keeps `import`, so `import.meta` works in tests.
// Three projects: `unit` (the tests beside the code, nothing listens or spawns: `npm run test:unit`)
// and `integration` (tests/: servers, processes, the suite against implementations:
// `npm run test:integration`), and `memory` (MEASURED_ALONE). A path given on the command line runs in
// whichever project holds it.

/** What every project shares: how TypeScript is loaded. */
export const typescript = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript' },
          target: 'es2023',
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
}

/**
 * The tests that hold a process to a memory bound measured on a quiet machine (peak RSS follows the
 * collector's timing; another test file beside them moved it by 30-150 MiB). `npm run test:memory`
 * runs them on their own, after `npm run test:integration` has run the others two at a time, which
 * keeps `npm test` well under CI's 30 minutes.
 */
const MEASURED_ALONE = [
  'tests/suite/hostileTargets.test.ts',
  'tests/contract/harInput.test.ts',
  'tests/proxy/decompressionBomb.test.ts',
  'tests/proxy/promisedBytes.test.ts',
  'tests/mocks/http/promisedBytes.test.ts',
  'tests/mocks/http/memoryBudget.test.ts',
  'tests/mocks/http/memoryBudgetShapes.test.ts',
]

/** @type {import('jest').Config} */
export default {
  // A guard against hangs, not a speed target: tests that start child processes (the CLI, Prism,
  // Chromium) need more than Jest's 5 s on a busy shared 2-core machine. No test asserts on time.
  testTimeout: 30_000,
  projects: [
    {
      ...typescript,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts'],
      // contract-tests/contract.test.ts is the product's Jest entry: it checks PETSTORE_BASE_URL
      // (`npm run contract:jest`, jest.contract.config.js); tests/contract/ownMock.test.ts runs it.
      testPathIgnorePatterns: [
        '/node_modules/',
        '/dist/',
        '/examples/',
        '<rootDir>/tests/',
        '<rootDir>/contract-tests/contract\\.test\\.ts$',
      ],
    },
    {
      ...typescript,
      displayName: 'integration',
      roots: ['<rootDir>/tests'],
      testMatch: ['<rootDir>/tests/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...MEASURED_ALONE.map((path) => `<rootDir>/${path}`)],
    },
    {
      ...typescript,
      displayName: 'memory',
      roots: ['<rootDir>/tests'],
      testMatch: MEASURED_ALONE.map((path) => `<rootDir>/${path}`),
    },
  ],
}
