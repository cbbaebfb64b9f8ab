import { KEY_VARIABLE } from '../http/curlOf.ts'
import { characterName, nearMisses, type Piece, textOf } from '../json/nearMisses.ts'

/** An Authorization header near the valid one: what it is, its field lines (none, one or two) as sent and as curl shows them. */
export interface AuthVariant {
  label: string
  lines: Array<{ value: string; shown: string }>
  /** Another header, or query parameters, carrying the key instead. */
  headers?: Record<string, string>
  query?: Record<string, string>
  /** One of many edits of its kind (at a position, drawn, of the scheme): sent on one operation, not on each. */
  oneOperation?: true
  /** How a correct server may read it (see authVariants): as the valid line, or leniently as it too. */
  reading?: 'valid' | 'lenient'
}

/**
 * Credentials near `Bearer KEY`, derived by edits (nearMisses) of the key (`drawn` more from `seed`)
 * and of the spec's scheme, other separators, extra words; and forms that are no edit: no header,
 * an empty one, the scheme alone, other schemes, the bare key, the key in X-API-Key, a cookie or the
 * query, a second line. What a correct server reads as the valid line has the `reading` 'valid' (RFC
 * 9110 sections 11.1, 5.5, 5.3, RFC 6750 section 2.1: the scheme in any case, SP or HTAB around the
 * value, 1*SP before the key, a comma list one element of which is valid); 'lenient' if it is only
 * other white space (U+00A0, U+0085, HTAB) around the key, which RFC 9110 section 2.2 lets a
 * recipient recover the key from. A line is sent as bytes (beyond U+00FF, UTF-8's, as curl sends
 * typed text); `shown` rebuilds it from `$PETSTORE_API_KEY`, so the curl line never holds the key.
 *
 * @example
 * authVariants('k3y', 'bearer', 7, 0).map((v) => v.label)
 * // ['no Authorization header', 'an empty Authorization header', 'Bearer with no token', …, 'the key "=" inserted at the end', …]
 */
export function authVariants(key: string, scheme: string, seed = 0, drawn = 0): AuthVariant[] {
  const name = scheme.charAt(0).toUpperCase() + scheme.slice(1).toLowerCase()
  const k: Piece = [0, key.length]
  const lineOf = (pieces: Piece[]) => ({
    value: sendable(textOf(pieces, key)),
    shown: `"authorization: ${pieces.map((piece) => shellWord(piece, key.length)).join('')}"`,
  })
  const line = (label: string, ...pieces: Piece[]): AuthVariant => ({ label, lines: [lineOf(pieces)] })
  const [valid, wrong] = [lineOf([name, ' ', k]), lineOf([name, ' contract-suite-not-the-key'])]
  const basic = {
    value: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    shown: `"authorization: Basic $(printf '%s:' "$${KEY_VARIABLE}" | base64 | tr -d '\\n')"`,
  }
  const elsewhere = (where: string, carrier: Pick<AuthVariant, 'headers' | 'query'>): AuthVariant => ({
    label: `no Authorization header, the key in ${where}`,
    lines: [],
    ...carrier,
  })
  const edits = [
    ...nearMisses(name, seed + 1, 0).map((m) => line(`the scheme ${m.edit}`, textOf(m.pieces, name), ' ', k)),
    ...['', '\t', '\u00a0', ':', '=', '_', '\u3000'].map((separator) =>
      line(`${separator ? characterName(separator) : 'nothing'} between scheme and key`, name, separator, k),
    ),
    line('a word before the scheme', 'x ', name, ' ', k),
    line('a word between scheme and key', name, ' x ', k),
    line('a second word after the key', name, ' ', k, ' x'),
    line('the key as an auth-param', name, ' token=', k),
    line('the key quoted', name, ' "', k, '"'),
  ]
  const variants: AuthVariant[] = [
    { label: 'no Authorization header', lines: [] },
    // A field line with no value: curl sends one for `-H 'name;'` (`-H 'name:'` would drop the field).
    { label: 'an empty Authorization header', lines: [{ value: '', shown: '"authorization;"' }] },
    line(`${name} with no token`, name),
    line('Basic with the key', 'Basic ', k),
    { label: 'Basic with base64(key:)', lines: [basic] },
    line('Token with the key', 'Token ', k),
    line('the bare key with no scheme', k),
    ...nearMisses(key, seed, drawn).map((m) => ({
      ...line(`the key ${m.edit}`, name, ' ', ...m.pieces),
      ...(m.positional && { oneOperation: true as const }),
    })),
    ...edits.map((variant) => ({ ...variant, oneOperation: true as const })),
    elsewhere('X-API-Key', { headers: { 'x-api-key': key } }),
    { label: 'a wrong key, the key in X-API-Key', lines: [wrong], headers: { 'x-api-key': key } },
    elsewhere('a cookie', { headers: { cookie: `api_key=${key}` } }),
    elsewhere('the query (api_key=)', { query: { api_key: key } }),
    { label: 'a second Authorization header after the valid one', lines: [valid, wrong] },
    { label: 'a second Authorization header before the valid one', lines: [wrong, valid] },
  ]
  const reads = (value: string) =>
    value.split(',').some((element) => {
      const [, given, token] = /^[ \t]*([^ \t]+) +([^ \t]+)[ \t]*$/.exec(element) ?? []
      return given?.toLowerCase() === name.toLowerCase() && token === key
    })
  const seen = new Set<string>()
  return variants.flatMap((variant) => {
    const sent = JSON.stringify([variant.lines.map((l) => l.value), variant.headers, variant.query])
    if (seen.has(sent) || !seen.add(sent)) return []
    const line = variant.lines.length === 1 ? (variant.lines[0]?.value ?? '') : '\u0000'
    const reading = reads(line) ? 'valid' : reads(line.replace(/[\s\u0085]+/g, ' ')) && 'lenient'
    return [reading ? { ...variant, reading } : variant]
  })
}

/** Text as a header's bytes, one a character: up to U+00FF itself (as JavaScript sends it), beyond its UTF-8 bytes. */
function sendable(text: string): string {
  return [...text].map((c) => (c.charCodeAt(0) <= 0xff ? c : Buffer.from(c).toString('latin1'))).join('')
}

/** A piece inside a double-quoted shell word: a slice of the key through the variable, text escaped, bytes through printf. */
function shellWord(piece: Piece, length: number): string {
  if (typeof piece === 'string')
    return sendable(piece)
      .replace(/[\\"$`]/g, '\\$&')
      .replace(
        /[^ -~]+/g,
        (bytes) => `$(printf '${[...bytes].map((c) => `\\${c.charCodeAt(0).toString(8)}`).join('')}')`,
      )
  const [from, to, kind] = piece
  if (from >= to) return ''
  const slice = `\${${KEY_VARIABLE}${to >= length ? (from === 0 ? '' : `:${from}`) : `:${from}:${to - from}`}}`
  const tr = { upper: 'a-z A-Z', lower: 'A-Z a-z', swap: 'a-zA-Z A-Za-z' }
  return kind ? `$(printf '%s' "${slice}" | tr ${tr[kind]})` : slice
}
