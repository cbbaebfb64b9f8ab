import { readFile } from 'node:fs/promises'
import { compileSpec, loadSpec } from '../../spec/index.ts'
import { createEngine } from '../core/createEngine.ts'
import { PetStore } from '../core/PetStore.ts'
import type { HttpMockSpec } from './packagedSpec.ts'

/**
 * Reads an OpenAPI file for the HTTP mock (`--spec FILE`, `--watch`): validates it (swagger-parser),
 * compiles it, checks the engine can serve it, and keeps the file's text for `/__mock/openapi.yaml`.
 * Throws with the parser's or the engine's message.
 *
 * @example
 * const spec = await loadSpecFile('my-copy/openapi.yaml')
 * createHttpMock({ spec })
 */
export async function loadSpecFile(path: string): Promise<Required<HttpMockSpec>> {
  const [text, document] = await Promise.all([readFile(path, 'utf8'), loadSpec(path)])
  const spec = { ...compileSpec(document), text }
  // What the engine refuses to build from (it says why) is refused here, before anything listens.
  createEngine({ store: new PetStore([]), spec })
  return spec
}
