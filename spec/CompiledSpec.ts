import { compileValidators, type SpecValidators } from './compileValidators.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import { operations, type SpecOperation } from './operations.ts'
import type { PetStoreDocument } from './PetStoreDocument.ts'
import { Router } from './Router.ts'
import { type SpecVocabulary, vocabularyOf } from './vocabularyOf.ts'

/**
 * One OpenAPI document with everything compiled from it once: its validators, its operations, its
 * vocabulary and its router. The mock, the contract suite, the proxy and hot reload all pass this
 * around, never the parts separately, and never read the document for what this already knows.
 */
export interface CompiledSpec {
  readonly document: PetStoreDocument
  readonly validators: SpecValidators
  /** Every operation, path-level parameters merged in, in document order. */
  readonly operations: readonly SpecOperation[]
  /** What the code needs to know of the document: fields, statuses, limits, base path, error codes. */
  readonly vocabulary: SpecVocabulary
  /** The router for the API under `basePath` (by default `vocabulary.basePath`), built once per base path. */
  router(basePath?: string): Router
}

/**
 * Compiles a validated, dereferenced document (from `loadSpec`, or the generated one).
 *
 * @example
 * const spec = compileSpec(await loadSpec('evolved.yaml'))
 * spec.router().route('GET', '/v1/pets/7') // { kind: 'operation', operation: getPet, … }
 */
export function compileSpec(document: PetStoreDocument, options: { lazy?: boolean } = {}): CompiledSpec {
  const all = operations(document)
  const vocabulary = vocabularyOf(document, all)
  const routers = new Map<string, Router>()
  return {
    document,
    validators: compileValidators(document, options),
    operations: all,
    vocabulary,
    router(basePath = vocabulary.basePath) {
      const router = routers.get(basePath) ?? new Router(all, basePath)
      routers.set(basePath, router)
      return router
    },
  }
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
