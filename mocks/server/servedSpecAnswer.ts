import { API_DOCS_PATH, SPEC_JSON_PATH } from '../../kit/guard/controlPath.ts'
import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { requestOrigin } from '../../kit/http/requestOrigin.ts'
import type { CompiledSpec } from '../../spec/runtime.ts'
import { jsonWithServer, type ServedServer, yamlWithServer } from './withServedServer.ts'

/** A compiled document with its file's text, when it has one: what `/__mock/openapi.yaml` answers (`.json`: the document). */
export type MockSpec = CompiledSpec & { readonly text?: string }

/** True for the docs page and its files: `/__mock/docs` and everything under `/__mock/docs/`. */
export function isApiDocsPath(path: string): boolean {
  return path === API_DOCS_PATH.slice(0, -1) || path.startsWith(API_DOCS_PATH)
}

/**
 * The server entry the mock adds for itself, at `origin` (`http://127.0.0.1:4010`).
 *
 * @example
 * servedServer('http://127.0.0.1:4010', '/v1').url // 'http://127.0.0.1:4010/v1'
 */
export function servedServer(origin: string, basePath: string): ServedServer {
  return {
    url: `${origin}${basePath}`,
    description: 'This mock, as this document was fetched from it (petstore-mock).',
  }
}

/**
 * The answer to `GET /__mock/openapi.yaml` and `/__mock/openapi.json`: the document this mock
 * enforces, with the mock itself, as the request reached it (`http://` + its `Host` + the base
 * path), first among its `servers`, so Swagger UI, Postman or a generated client calls the mock
 * without choosing a server. The rest of the document's servers follow, unchanged. A request with
 * no usable `Host` gets the document's own servers only. The YAML is the file's text with one
 * server added (comments and `$ref`s kept; 404 when there is no file); the JSON is the document as
 * compiled, every `$ref` resolved. A control endpoint: no key needed, GET and HEAD only.
 *
 * @example
 * servedSpecAnswer(request, { document, text }, '/v1').headers['content-type'] // 'application/yaml; charset=utf-8'
 */
export function servedSpecAnswer(
  request: ApiRequest,
  spec: Pick<MockSpec, 'document' | 'text'>,
  basePath: string,
): ApiResponse {
  const origin = requestOrigin(request.header('host'))
  const server = origin === undefined ? undefined : servedServer(origin, basePath)
  const headers = { 'cache-control': 'no-store' }
  if (request.path === SPEC_JSON_PATH) {
    const text = server ? jsonWithServer(spec.document, server) : JSON.stringify(spec.document, null, 2)
    // node:http sends no body for HEAD by itself.
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, text }
  }
  if (spec.text === undefined) {
    const message = `This mock was given an OpenAPI document as an object, not as a file: there is no YAML to serve; ${SPEC_JSON_PATH} has it as JSON.`
    return errorResponse(404, 'route_not_found', message)
  }
  const text = server ? yamlWithServer(spec.text, server) : spec.text
  return { status: 200, headers: { 'content-type': 'application/yaml; charset=utf-8', ...headers }, text }
}
