// The spec module: the only code that reads spec/openapi.yaml. mocks/ and contract-tests/ import
// from here (or from ./runtime.ts, which is this without the file-reading loaders) and never from
// each other.
import './requireNode.ts'

export { bundleSpec, type LoadSpecOptions, loadSpec, parseSpecText, readSpecText } from './loadSpec.ts'
export * from './runtime.ts'
export { SpecInputError } from './SpecInputError.ts'
export { SPEC_LIMITS } from './specLimits.ts'
export { SPEC_PATH } from './specPath.ts'
