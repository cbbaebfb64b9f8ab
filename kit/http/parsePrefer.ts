/**
 * Reads a Prism-compatible `Prefer: code=NNN` header (RFC 7240 syntax), which asks the mock for a
 * documented response of that status, so a frontend can show its error states on demand. The proxy
 * reads it too: an answer of the status the request asked for is not judged against the model.
 *
 * @example
 * preferredStatus('code=404') // 404
 * preferredStatus('respond-async, code=401') // 401
 */
export function preferredStatus(prefer: string | undefined): number | undefined {
  const value = preference(prefer, 'code')
  return value && /^\d{3}$/.test(value) ? Number(value) : undefined
}

/**
 * Reads Prism's `Prefer: example=NAME`: which named example of the spec an operation answered from
 * the spec should send.
 *
 * @example
 * preferredExample('example=twoPets') // 'twoPets'
 * preferredExample('code=200, example="empty"') // 'empty'
 */
export function preferredExample(prefer: string | undefined): string | undefined {
  return preference(prefer, 'example') || undefined
}

/** The value of one preference (name case-insensitive, quotes removed), or undefined. */
function preference(prefer: string | undefined, wanted: string): string | undefined {
  if (!prefer) return undefined
  for (const item of prefer.split(',')) {
    const [name, value] = item.split('=').map((part) => part.trim().replace(/^"|"$/g, ''))
    if (name?.toLowerCase() === wanted) return value
  }
  return undefined
}
