import type { IncomingMessage } from 'node:http'

/**
 * A node:http request's header by lower-case name, as Fetch's `Headers.get` reads it: repeated lines
 * joined with `, `. node:http keeps only the first Authorization and Content-Type line; a repeated
 * one must not slip past auth or a media type check, so those two are read from the raw headers.
 *
 * @example
 * requestHeader(request, 'authorization') // 'Bearer a, Bearer b' for two Authorization lines
 */
export function requestHeader(request: IncomingMessage, name: string): string | undefined {
  if (name === 'authorization' || name === 'content-type') return joinedHeader(request.rawHeaders, name)
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** A header's lines in `rawHeaders` (name, value, …) by lower-case name, joined with `, `. */
export function joinedHeader(rawHeaders: readonly string[], name: string): string | undefined {
  let found: string | undefined
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const raw = rawHeaders[i] as string
    // Clients mostly send these names in lower case already: then no lower-cased copy is made.
    if (raw.length === name.length && (raw === name || raw.toLowerCase() === name)) {
      found = found === undefined ? rawHeaders[i + 1] : `${found}, ${rawHeaders[i + 1]}`
    }
  }
  return found
}
