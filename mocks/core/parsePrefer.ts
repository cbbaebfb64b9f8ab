/**
 * Reads a Prism-compatible `Prefer: code=NNN` header (RFC 7240 syntax), which asks the mock for a
 * documented response of that status, so a frontend can show its error states on demand.
 *
 * @example
 * preferredStatus('code=404') // 404
 * preferredStatus('respond-async, code=401') // 401
 */
export function preferredStatus(prefer: string | undefined): number | undefined {
  if (!prefer) return undefined
  for (const preference of prefer.split(',')) {
    const [name, value] = preference.split('=').map((part) => part.trim().replace(/^"|"$/g, ''))
    if (name?.toLowerCase() === 'code' && value && /^\d{3}$/.test(value)) return Number(value)
  }
  return undefined
}
