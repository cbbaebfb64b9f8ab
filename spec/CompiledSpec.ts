import { compileValidators, type SpecValidators } from './compileValidators.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import { operations, type SpecOperation } from './operations.ts'
import type { PetStoreDocument } from './PetStoreDocument.ts'

/**
 * One OpenAPI document with everything compiled from it once: its validators and its operations.
 * The mock, the contract suite and hot reload all pass this around, never the parts separately.
 */
export interface CompiledSpec {
  readonly document: PetStoreDocument
  readonly validators: SpecValidators
  /** Every operation, path-level parameters merged in, in document order. */
  readonly operations: readonly SpecOperation[]
}

/**
 * Compiles a validated, dereferenced document (from `loadSpec`, or the generated one).
 *
 * @example
 * const spec = compileSpec(await loadSpec('evolved.yaml'))
 * createPetStoreHandlers({ spec })
 */
export function compileSpec(document: PetStoreDocument, options: { lazy?: boolean } = {}): CompiledSpec {
  return { document, validators: compileValidators(document, options), operations: operations(document) }
}

let compiledDefault: CompiledSpec | undefined

/**
 * `spec/openapi.yaml` as generated into `spec/generated`, compiled on first use and shared after.
 *
 * @example
 * defaultSpec().validators.schema('Pet')({ id: 1, name: 'Rex', categoryId: 1 }) // true
 */
export function defaultSpec(): CompiledSpec {
  // Lazy: the packaged document is compiled whole by the project's tests; a start-up compiles only
  // what the first requests use (decisions/020).
  compiledDefault ??= compileSpec(openApiDocument, { lazy: true })
  return compiledDefault
}
