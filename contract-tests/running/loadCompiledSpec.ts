import { loadSpec } from '../../spec/loadSpec.ts'
import { type CompiledSpec, compileSpec } from '../../spec/runtime.ts'

/**
 * Another version of the OpenAPI document, ready for `runContract({ spec })` (the CLI's `--spec`):
 * validated and dereferenced as the packaged one is, then compiled. Throws swagger-parser's message.
 *
 * @example
 * await runContract({ baseUrl, apiKey, spec: await loadCompiledSpec('next/openapi.yaml') })
 */
export async function loadCompiledSpec(path: string): Promise<CompiledSpec> {
  return compileSpec(await loadSpec(path))
}
