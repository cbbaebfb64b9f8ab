import { readFileSync } from 'node:fs'
import { defaultSpec } from '../../spec/runtime.ts'
import { SPEC_PATH } from '../../spec/specPath.ts'
import type { MockSpec } from '../server/servedSpecAnswer.ts'

/**
 * The packaged document (`defaultSpec()`, generated from spec/openapi.yaml) with the file's text,
 * which `/__mock/openapi.yaml` serves.
 *
 * @example
 * createHttpMock({ spec: packagedSpec(), seed: [] })
 */
export function packagedSpec(): MockSpec {
  try {
    return { ...defaultSpec(), text: readFileSync(SPEC_PATH, 'utf8') }
  } catch {
    // A copy of the code without the YAML beside it: the document still serves; 404 for its text.
    return defaultSpec()
  }
}
