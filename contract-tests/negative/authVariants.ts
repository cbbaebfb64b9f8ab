/** One Authorization header a correct server must refuse, with what it is and how curl shows it. */
export interface AuthVariant {
  /** What the variant is, for the finding: "the key with a suffix". */
  label: string
  /** The field lines sent: none (missing), one, or two (a second Authorization header). */
  lines: Array<{ value: string; shown: string }>
  /** Another header carrying the key instead (the curl line shows it through $PETSTORE_API_KEY). */
  headers?: Record<string, string>
  /** Query parameters carrying the key instead (the curl line reads it from $PETSTORE_API_KEY too). */
  query?: Record<string, string>
}

const WRONG_TOKEN = 'contract-suite-not-the-key'

/**
 * Every credential the interface derives as invalid from the key and the declared scheme (`bearer`
 * in the spec): missing, an empty field, `Bearer` with no token, other schemes carrying the key, the bare key, the key
 * with a prefix or suffix, truncated, in another letter case (when it has letters), with inner
 * whitespace, quoted, in another header (X-API-Key, a cookie) or in the query, and a second Authorization header next to the valid one (both orders).
 *
 * Not negatives, so never produced: the scheme name in another case (`bearer KEY`: RFC 9110
 * section 11.1 makes it case-insensitive) and whitespace around the value (HTTP trims it). A variant that
 * normalises to the valid line is dropped, whatever the key looks like.
 *
 * `shown` is a double-quoted shell word with `$PETSTORE_API_KEY` in place of the key, so the curl
 * reproduction runs as printed and never holds the key.
 *
 * @example
 * authVariants('k3y', 'bearer').map((v) => v.label)
 * // ['no Authorization header', 'an empty Authorization header', 'Bearer with no token', 'Basic with the key', …]
 */
export function authVariants(key: string, scheme: string): AuthVariant[] {
  const name = scheme.charAt(0).toUpperCase() + scheme.slice(1).toLowerCase()
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion for the curl line
  const env = '${PETSTORE_API_KEY}'
  const one = (label: string, value: string, shown: string): AuthVariant => ({
    label,
    lines: [{ value, shown: `"authorization: ${shown}"` }],
  })
  // The declared scheme with the key altered (`shown` alters $PETSTORE_API_KEY the same way).
  const token = (label: string, value: string, shown: string) =>
    one(label, `${name} ${value}`, `${name} ${shown}`)
  const valid = { value: `${name} ${key}`, shown: `"authorization: ${name} ${env}"` }
  const wrong = { value: `${name} ${WRONG_TOKEN}`, shown: `"authorization: ${name} ${WRONG_TOKEN}"` }
  const half = Math.floor(key.length / 2)
  const variants: AuthVariant[] = [
    { label: 'no Authorization header', lines: [] },
    // A field line with no value: curl sends one for `-H 'name;'` (`-H 'name:'` would drop the field).
    { label: 'an empty Authorization header', lines: [{ value: '', shown: '"authorization;"' }] },
    one(`${name} with no token`, name, name),
    one(`${name} joined to the key with no space`, `${name}${key}`, `${name}${env}`),
    one('Basic with the key', `Basic ${key}`, `Basic ${env}`),
    one(
      'Basic with base64(key:)',
      `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      `Basic $(printf '%s:' "$PETSTORE_API_KEY" | base64 | tr -d '\\n')`,
    ),
    one('Token with the key', `Token ${key}`, `Token ${env}`),
    one('the bare key with no scheme', key, env),
    // Another scheme that ends in this one's name, and the key with a second word after it: a
    // reader that does not anchor the header at both ends accepts them.
    one(`the scheme with a prefix (x${name})`, `x${name} ${key}`, `x${name} ${env}`),
    token('the key followed by a second word', `${key} x`, `${env} x`),
    token('the key with a prefix', `x${key}`, `x${env}`),
    token('the key with a suffix', `${key}x`, `${env}x`),
    token('the key repeated', `${key}${key}`, `${env}${env}`),
    token('the key quoted', `"${key}"`, `\\"${env}\\"`),
    token('the key without its last character', key.slice(0, -1), `\${PETSTORE_API_KEY%?}`),
    token('the key without its first character', key.slice(1), `\${PETSTORE_API_KEY#?}`),
    token('the first half of the key', key.slice(0, half), `\${PETSTORE_API_KEY:0:${half}}`),
    token('the key in upper case', key.toUpperCase(), `$(printf '%s' "$PETSTORE_API_KEY" | tr a-z A-Z)`),
    token('the key in lower case', key.toLowerCase(), `$(printf '%s' "$PETSTORE_API_KEY" | tr A-Z a-z)`),
    token(
      'the key with a space inside',
      `${key.slice(0, half)} ${key.slice(half)}`,
      `\${PETSTORE_API_KEY:0:${half}} \${PETSTORE_API_KEY:${half}}`,
    ),
    { label: 'no Authorization header, the key in X-API-Key', lines: [], headers: { 'x-api-key': key } },
    { label: 'a wrong key, the key in X-API-Key', lines: [wrong], headers: { 'x-api-key': key } },
    {
      label: 'no Authorization header, the key in a cookie',
      lines: [],
      headers: { cookie: `api_key=${key}` },
    },
    { label: 'no Authorization header, the key in the query (api_key=)', lines: [], query: { api_key: key } },
    { label: 'a second Authorization header after the valid one', lines: [valid, wrong] },
    { label: 'a second Authorization header before the valid one', lines: [wrong, valid] },
  ]
  const normal = (value: string) => {
    const [, given = '', token = ''] = /^\s*(\S+)( +\S.*)?$/.exec(value) ?? []
    return `${given.toLowerCase()} ${token.trim()}`
  }
  const validForm = normal(valid.value)
  const seen = new Set<string>()
  return variants.filter((variant) => {
    // HTTP trims a field value, so compare what arrives.
    const sent = [
      ...variant.lines.map((line) => line.value.trim()),
      JSON.stringify(variant.headers ?? {}),
      JSON.stringify(variant.query ?? {}),
    ].join('\n')
    if (seen.has(sent)) return false
    seen.add(sent)
    const only = variant.lines[0]?.value.trim() ?? ''
    return variant.lines.length !== 1 || normal(only) !== validForm
  })
}
