import { compileSpec, type LoadSpecOptions, loadSpec, readSpecText } from '../../spec/index.ts'
import { createEngine } from '../core/createEngine.ts'
import { PetStore } from '../core/PetStore.ts'
import type { MockSpec } from '../server/servedSpecAnswer.ts'

/**
 * Reads an OpenAPI file for the HTTP mock (`--spec FILE`, `--watch`) through the guarded loader
 * (`loadSpec`: the spec is untrusted input, docs/spec-as-input.md), validates it (swagger-parser),
 * compiles it (every `pattern` on the linear-time engine), checks the engine can serve it, and keeps the file's text for `/__mock/openapi.yaml`.
 * Throws with the parser's or the engine's message.
 *
 * @example
 * const spec = await loadSpecFile('my-copy/openapi.yaml')
 * createHttpMock({ spec })
 */
export async function loadSpecFile(path: string, options: LoadSpecOptions = {}): Promise<Required<MockSpec>> {
  // One after the other: the text is read only once the guarded loader has accepted the file (a FIFO
  // read in parallel would hold a thread forever).
  const document = await loadSpec(path, options)
  const text = await readSpecText(path)
  const spec = { ...compileSpec(document), text }
  // What the engine refuses to build from (it says why) is refused here, before anything listens.
  createEngine({ store: new PetStore([]), spec })
  return spec
}
