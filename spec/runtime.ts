// What code that serves or checks requests needs from the spec, with no file system and no
// swagger-parser: safe for the browser and quick to load. `spec/index.ts` adds the loaders.
export { type CompiledSpec, compileSpec, defaultSpec } from './CompiledSpec.ts'
export { compileValidators, type SpecValidators } from './compileValidators.ts'
export { createAjv } from './createAjv.ts'
export { declaredProperties, pickDeclared } from './declaredProperties.ts'
export { describeAjvErrors } from './describeAjvErrors.ts'
export { documentedResponseKey, isDocumentedStatus } from './documentedStatus.ts'
export { errorCodeFor, exampleValues } from './errorCodeFor.ts'
export { openApiDocument } from './generated/openApiDocument.ts'
export type * from './generated/types.ts'
export { isAddedStatus } from './isAddedStatus.ts'
export { linearRegExp } from './linearRegExp.ts'
export { operationById, operations, parameterOf, type SpecOperation } from './operations.ts'
export { operationTarget, type ParameterValue } from './operationTarget.ts'
export type * from './PetStoreDocument.ts'
export { type Route, Router } from './Router.ts'
export {
  firstProblem,
  ParameterProblem,
  type ParameterRead,
  type PathParameters,
  readParameter,
  readParameters,
  readParameterText,
} from './readParameters.ts'
export { sampleFromSchema } from './sampleFromSchema.ts'
export { UnsafePatternError } from './UnsafePatternError.ts'
export { valueAtPointer } from './valueAtPointer.ts'
export { LIST_PARAMETERS, type LimitRule, type ObjectShape, type SpecVocabulary } from './vocabularyOf.ts'
