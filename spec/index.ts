// The spec module: the only code that reads spec/openapi.yaml. mocks/ and contract-tests/ import
// from here (or from ./runtime.ts, which is this without the file-reading loaders) and never from
// each other.
export { bundleSpec, loadSpec } from './loadSpec.ts'
export * from './runtime.ts'
export { SPEC_PATH } from './specPath.ts'
