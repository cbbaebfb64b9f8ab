/** Why a request is not authenticated, or `ok`. */
export type BearerVerdict = 'ok' | 'missing' | 'malformed' | 'wrong_key'

// RFC 6750 b64token after a case-insensitive scheme name and one or more spaces (RFC 9110 11.4), then
// the optional white space HTTP allows after a value: SP and HTAB only (a U+00A0 is no part of either).
const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9\-._~+/]+=*)[ \t]*$/

/**
 * Decides whether an `Authorization` header carries one of the accepted keys. Keys are compared in
 * constant time (no early exit on the first differing byte, and every key is compared), so response
 * timing does not reveal a key. Never log the header or the keys.
 *
 * @example
 * checkBearer('bearer petstore-dev-key', ['petstore-dev-key']) // 'ok'
 * checkBearer('Basic dXNlcg==', ['petstore-dev-key']) // 'malformed'
 */
export function checkBearer(authorization: string | undefined, keys: readonly string[]): BearerVerdict {
  const trimmed = authorization?.replace(/^[ \t]+/, '')
  if (trimmed === undefined || trimmed === '') return 'missing'
  const token = BEARER.exec(trimmed)?.[1]
  if (token === undefined) return 'malformed'
  let matched = false
  for (const key of keys) matched = constantTimeEqual(token, key) || matched
  return matched ? 'ok' : 'wrong_key'
}

function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length)
  let difference = a.length ^ b.length
  for (let i = 0; i < length; i++) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0)
  return difference === 0
}

/** The challenge a 401 of the mock carries (RFC 6750 section 3), with an `error` when the header was wrong. */
export const BEARER_REALM = 'Bearer realm="petstore"'

/** The message and `WWW-Authenticate` challenge for each failed verdict. */
export const BEARER_CHALLENGES: Readonly<
  Record<Exclude<BearerVerdict, 'ok'>, { message: string; challenge: string }>
> = {
  missing: { message: "Missing API key: send 'Authorization: Bearer <API_KEY>'.", challenge: BEARER_REALM },
  malformed: {
    message: "Malformed Authorization header: expected 'Bearer <API_KEY>'.",
    challenge: `${BEARER_REALM}, error="invalid_request"`,
  },
  wrong_key: { message: 'Invalid API key.', challenge: `${BEARER_REALM}, error="invalid_token"` },
}
