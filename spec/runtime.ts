// What code that serves or checks requests needs from the spec, with no file system and no
// swagger-parser: safe for the browser and quick to load. `spec/index.ts` adds the loaders.
export { type CompiledSpec, compileSpec, defaultSpec } from './CompiledSpec.ts'
export { compileValidators, type SpecValidators } from './compileValidators.ts'
export { createAjv } from './createAjv.ts'
export { declaredProperties, pickDeclared } from './declaredProperties.ts'
export { describeAjvErrors } from './describeAjvErrors.ts'
export { documentedResponseKey, isDocumentedStatus } from './documentedStatus.ts'
export { openApiDocument } from './generated/openApiDocument.ts'
export type * from './generated/types.ts'
export { operationById, operations, parameterOf, type SpecOperation } from './operations.ts'
export type * from './PetStoreDocument.ts'
