// The spec module: the only code that reads spec/openapi.yaml. mocks/ and contract-tests/ import
// from here and never from each other.
export { compileValidators, type SpecValidators } from './compileValidators.ts'
export { createAjv } from './createAjv.ts'
export { describeAjvErrors } from './describeAjvErrors.ts'
export { openApiDocument } from './generated/openApiDocument.ts'
export type * from './generated/types.ts'
export { bundleSpec, loadSpec } from './loadSpec.ts'
export { operationById, operations, parameterOf, type SpecOperation } from './operations.ts'
export type * from './PetStoreDocument.ts'
export { SPEC_PATH } from './specPath.ts'
