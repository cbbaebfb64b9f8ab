import type { SpecOperation } from '../../spec/runtime.ts'

/**
 * The interface document marks getPet deprecated but gives no date on which that happened, so the
 * mock says 2026-01-01T00:00:00Z (a date in the past: "already deprecated").
 */
export const DEPRECATED_SINCE = Date.UTC(2026, 0, 1)

/**
 * The signals of a deprecated operation, from the spec: `Deprecation` (RFC 9745, a Structured Field
 * Date), `Sunset` (RFC 8594, an HTTP-date from `x-sunset`) and a `Link` to the successor operation.
 * Empty for an operation that is not deprecated.
 *
 * @example
 * deprecationHeaders(getPet, '/v1/pets')
 * // { deprecation: '@1767225600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', link: '</v1/pets>; rel="successor-version"' }
 */
export function deprecationHeaders(
  operation: SpecOperation,
  successorUrl: string | undefined,
): Record<string, string> {
  if (!operation.deprecated) return {}
  const headers: Record<string, string> = { deprecation: `@${DEPRECATED_SINCE / 1000}` }
  const sunset = operation['x-sunset']
  if (sunset) headers.sunset = new Date(`${sunset}T00:00:00Z`).toUTCString()
  if (successorUrl) headers.link = `<${successorUrl}>; rel="successor-version"`
  return headers
}
