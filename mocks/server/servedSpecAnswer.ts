import { CONTROL_PREFIX } from '../../kit/guard/controlPath.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'

/** Where the mock serves the OpenAPI document it is serving from (`--spec` and `--watch` included). */
export const SPEC_YAML_PATH = `${CONTROL_PREFIX}/openapi.yaml`

/**
 * The answer to a request for `/__mock/openapi.yaml`: the document's text as read from its file, so
 * a client (Prism, a code generator, a person) gets exactly the spec this mock enforces. GET and
 * HEAD only; no key needed, like the rest of the control plane. `text` is undefined when the mock
 * was handed a document object with no file behind it: 404 says so.
 *
 * @example
 * specYamlAnswer('GET', 'openapi: 3.1.0\n...') // { status: 200, headers: { 'content-type': 'application/yaml; charset=utf-8' }, text: 'openapi: ...' }
 */
export function specYamlAnswer(method: string, text: string | undefined): ApiResponse {
  const verb = method.toUpperCase()
  if (verb !== 'GET' && verb !== 'HEAD') {
    return errorResponse(405, 'method_not_allowed', `${SPEC_YAML_PATH} allows GET and HEAD.`, {
      allow: 'GET, HEAD',
    })
  }
  if (text === undefined) {
    const message =
      'This mock was given an OpenAPI document as an object, not as a file: there is no YAML to serve.'
    return errorResponse(404, 'route_not_found', message)
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/yaml; charset=utf-8', 'cache-control': 'no-store' },
    // node:http sends no body for HEAD by itself.
    text,
  }
}
