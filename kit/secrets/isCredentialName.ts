import { decodedViews, type View } from './decodedViews.ts'

/**
 * Parts of a parameter or field name that say its value is a credential. Matched anywhere in the
 * name, case-insensitively: `X-Amz-Signature`, `sessionId`, `apiKey`, `id_token` and `authCode` all
 * hold one. A name that merely contains a word (`zipcode`, `monkey`) is hidden too: a value wrongly
 * hidden in a log costs a look at the app, a token shown costs a leak.
 */
export const CREDENTIAL_WORDS = [
  'pass', // password, passwd, passphrase
  'pwd',
  'token', // access_token, refresh_token, id_token
  'jwt',
  'sig', // sig, signature, X-Amz-Signature
  'session',
  'code', // OAuth's authorisation code (an error answer's identifier is shown: redactBody, decisions/038)
  'secret',
  'key', // api_key, apiKey, key
  'auth', // auth, authorization, oauth
  'cred', // credential(s)
  'cookie',
  'bearer',
] as const

/**
 * Whether a query parameter or JSON field called `name` carries a credential, however the name is
 * written (any case, percent-encoded or `\u`-escaped: `decodedViews`). Linear in the name's length.
 *
 * @example
 * isCredentialName('access_token') // true
 * isCredentialName('%50%61ssword') // true
 * isCredentialName('limit') // false
 */
export function isCredentialName(name: string): boolean {
  const plain = (decodedViews(name).at(-1) as View).text.toLowerCase()
  for (const word of CREDENTIAL_WORDS) if (plain.includes(word)) return true
  return false
}
