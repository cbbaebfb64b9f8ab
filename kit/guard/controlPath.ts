/**
 * Where the mock's and the proxy's own endpoints live: outside the API's base path, so they never
 * shadow it. The guards, the mock's control plane and the proxy's page all read this one prefix.
 */
export const CONTROL_PREFIX = '/__mock'

/**
 * True for `/__mock` and every path under it.
 *
 * @example
 * isControlPath('/__mock/health') // true
 * isControlPath('/__mockery') // false
 */
export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
}

/** Where the mock serves the OpenAPI document it is serving from (`--spec` and `--watch` included). */
export const SPEC_YAML_PATH = `${CONTROL_PREFIX}/openapi.yaml`
/** The same document as JSON, for clients that read no YAML (Swagger UI at `/__mock/docs/`). */
export const SPEC_JSON_PATH = `${CONTROL_PREFIX}/openapi.json`
/** Where Swagger UI shows the served document (the HTTP mock's `mocks/http/apiDocsPage.ts`). */
export const API_DOCS_PATH = `${CONTROL_PREFIX}/docs/`
