// Jest runs our TypeScript as native ESM: @swc/jest strips types (it does not import `typescript`,
// which at version 7 has no JavaScript API) and keeps `import`, so `import.meta` works in tests.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // A guard against hangs, not a speed target: tests that start child processes (the CLI, Prism,
  // Chromium) need more than Jest's 5 s on a busy shared 2-core machine. No test asserts on time.
  testTimeout: 30_000,
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
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/examples/'],
}
