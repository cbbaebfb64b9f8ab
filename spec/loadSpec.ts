import SwaggerParser from '@apidevtools/swagger-parser'
import type { PetStoreDocument } from './PetStoreDocument.ts'
import { SPEC_PATH } from './specPath.ts'

/**
 * Reads, validates (OpenAPI 3.1 schema and `$ref`s) and dereferences the OpenAPI document.
 * Throws with swagger-parser's message, which names the failing JSON pointer.
 *
 * @example
 * const document = await loadSpec()
 * document.paths['/pets'].get.operationId // 'listPets'
 */
export async function loadSpec(path: string = SPEC_PATH): Promise<PetStoreDocument> {
  // `validate` parses a fresh copy each call and dereferences it in place.
  const document = await SwaggerParser.validate(path)
  return document as unknown as PetStoreDocument
}

/** The same document with its internal `$ref`s kept, for generators that want names. */
export async function bundleSpec(path: string = SPEC_PATH): Promise<PetStoreDocument> {
  return (await SwaggerParser.bundle(path)) as unknown as PetStoreDocument
}
