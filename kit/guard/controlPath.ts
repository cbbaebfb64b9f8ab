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
