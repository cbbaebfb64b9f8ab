/** The variable a curl line reads the key from: `export PETSTORE_API_KEY=...` once, then paste the line. */
export const KEY_VARIABLE = 'PETSTORE_API_KEY'

/**
 * A bash line that sends the same request. The key never appears in it: a header that carries it
 * reads it from `$PETSTORE_API_KEY` (as `"Authorization: Bearer $PETSTORE_API_KEY"`), and a header
 * built from it (another letter case, cut short, with something around it) uses `tr` and bash's
 * substring expansion (`${PETSTORE_API_KEY:0:12}`, bash 3.2 and later), so the line runs as printed. `shellArgs`
 * are put in as they are (header lines a check has already written as shell words).
 *
 * @example
 * curlOf('GET', 'http://127.0.0.1:4010/v1/pets', { authorization: 'Bearer k3y-k3y' }, undefined, 'k3y-k3y')
 * // curl -sS -i -X GET 'http://127.0.0.1:4010/v1/pets' -H "authorization: Bearer $PETSTORE_API_KEY"
 */
export function curlOf(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
  apiKey?: string,
  shellArgs: readonly string[] = [],
): string {
  // A URL carrying the key (a credential sent in the query, which must be refused) reads it from the variable too.
  const parts = ['curl -sS -i', `-X ${method}`, keyWord(url, apiKey), ...shellArgs]
  for (const [name, value] of Object.entries(headers))
    parts.push(`-H ${headerWord(`${name}: ${value}`, apiKey)}`)
  if (body !== undefined)
    parts.push(`--data-raw ${quote(body.length > 300 ? `${body.slice(0, 300)}…` : body)}`)
  return parts.join(' ')
}

/**
 * A header as one shell word, with the key (or a long piece of it) read from the variable. Without
 * a known key, an Authorization header's credentials are taken to be the key.
 */
function headerWord(header: string, apiKey: string | undefined): string {
  if (!apiKey) {
    const credentials = /^authorization: *\S+ +(\S.*)$/i.exec(header)?.[1]
    return credentials ? headerWord(header, credentials) : quote(header)
  }
  const minimum = apiKey.length >= 6 ? Math.ceil((2 * apiKey.length) / 3) : apiKey.length
  // Case changes through tr, not ${VAR^^}: macOS still ships bash 3.2. tr knows ASCII letters only.
  const viaTr = (from: string, to: string) => `$(printf '%s' "$${KEY_VARIABLE}" | tr ${from} ${to})`
  const ascii = (map: (c: string) => string) => apiKey.replace(/[A-Za-z]/g, map)
  const whole: Array<[string, string]> = [
    [apiKey, `$${KEY_VARIABLE}`],
    [ascii((c) => c.toUpperCase()), viaTr('a-z', 'A-Z')],
    [ascii((c) => c.toLowerCase()), viaTr('A-Z', 'a-z')],
    [ascii((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())), viaTr('a-zA-Z', 'A-Za-z')],
  ]
  let word = ''
  let substituted = false
  for (let i = 0; i < header.length; ) {
    const [form = '', expansion] = whole.find(([form]) => header.startsWith(form, i)) ?? []
    const piece = longestPiece(header, i, apiKey)
    const taken = expansion ? form.length : piece.length >= minimum ? piece.length : 0
    // `${VAR}` rather than `$VAR` when a name character follows, so bash reads the right name.
    if (expansion === `$${KEY_VARIABLE}` && /^[A-Za-z0-9_]$/.test(header[i + taken] ?? ''))
      word += `\${${KEY_VARIABLE}}`
    else if (expansion) word += expansion
    else if (taken) word += `\${${KEY_VARIABLE}:${piece.offset}:${piece.length}}`
    else word += /["\\$`]/.test(header[i] as string) ? `\\${header[i]}` : header[i]
    substituted ||= taken > 0
    i += taken || 1
  }
  return substituted ? `"${word}"` : quote(header)
}

/** The longest run of the key's characters that starts at `at` in the text. */
function longestPiece(text: string, at: number, key: string): { offset: number; length: number } {
  let best = { offset: 0, length: 0 }
  for (let offset = 0; offset < key.length; offset++) {
    let length = 0
    while (offset + length < key.length && text[at + length] === key[offset + length]) length++
    if (length > best.length) best = { offset, length }
  }
  return best
}

const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * The text as one shell word, single-quoted, with the key (when given) read from the variable.
 *
 * @example
 * keyWord('http://h/v1/pets?key=k3y', 'k3y') // `'http://h/v1/pets?key='"$PETSTORE_API_KEY"''`
 */
export function keyWord(text: string, apiKey?: string): string {
  return apiKey ? text.split(apiKey).map(quote).join(`"$${KEY_VARIABLE}"`) : quote(text)
}
