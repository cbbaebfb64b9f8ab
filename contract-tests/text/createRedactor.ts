/** What stands in for a secret in every output. */
export const REDACTED = '***'

/** Secrets shorter than this are only hidden whole: a fragment of a short key is ordinary text. */
const FRAGMENT_MIN_SECRET = 6

/**
 * Secrets shorter than this are not searched for in text at all: hiding every `k` or `ab` would
 * erase the report, and a key that short protects nothing. Curl lines hide them all the same.
 */
export const MIN_REDACTED_LENGTH = 4

/** A run of base64 or base64url characters long enough to hold an encoded key. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{6,}={0,2}/g

/**
 * A function that hides each secret in a text, in the forms a target may echo it back in:
 * - the secret in any letter case, each character literal, percent-encoded (`%70`, `%7A` or `%7a`;
 *   `+` for a space) or JSON-escaped (`\u0070`), in any mix;
 * - a prefix or a suffix of at least two thirds of it (a truncated key the suite sent, or the
 *   target cut), and a prefix that ends the text or a suffix that starts it (an excerpt cut mid-key);
 * - any base64 or base64url run that decodes (at any of its four alignments) to text holding one of
 *   the above: `Basic base64(user:key)`, the key's encoding inside a token, a cut key encoded.
 * It scans, it does not backtrack: cost is linear in the text for each secret.
 *
 * @example
 * const redact = createRedactor(['s3cret-key'])
 * redact('echo: Bearer S3CRET-KEY, %73%33cret-key, czNjcmV0LWtleQ==') // 'echo: Bearer ***, ***, ***'
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const keys = [...new Set(secrets.filter((secret) => [...secret].length >= MIN_REDACTED_LENGTH))]
  const holdsKey = (text: string) => keys.some((key) => hideSpelled(text, key) !== text)
  return (text) => {
    let out = text
    for (const key of keys) out = hideSpelled(out, key)
    if (keys.length === 0) return out
    return out.replace(BASE64_RUN, (run) => (decodings(run).some(holdsKey) ? REDACTED : run))
  }
}

/** A base64 run decoded from each of its first four characters, so a key anywhere in it shows. */
function decodings(run: string): string[] {
  return [0, 1, 2, 3].map((skip) => Buffer.from(run.slice(skip), 'base64').toString('utf8'))
}

/** One character of a secret and the ways a target may spell it. */
type Spellings = ReturnType<typeof spellingsOf>

function spellingsOf(char: string) {
  const code = char.codePointAt(0) as number
  return {
    lower: char.toLowerCase(),
    length: char.length,
    percent: [...Buffer.from(char)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
    unicode: code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : undefined,
    space: char === ' ',
  }
}

/**
 * Replaces every spelling of `key` (see createRedactor) with REDACTED: at each position, the whole
 * key or a long enough prefix; a long enough suffix; at the text's edges, shorter cut pieces.
 */
function hideSpelled(text: string, key: string): string {
  const chars = [...key].map(spellingsOf)
  const n = chars.length
  const fragments = n >= FRAGMENT_MIN_SECRET
  const inside = fragments ? Math.ceil((2 * n) / 3) : n
  const atEdge = fragments ? Math.max(4, Math.ceil(n / 3)) : n
  let out = ''
  let i = 0
  while (i < text.length) {
    let end = -1
    const prefix = matchFrom(text, i, chars, 0)
    if (
      prefix.count === n ||
      prefix.count >= inside ||
      (prefix.end === text.length && prefix.count >= atEdge)
    )
      end = prefix.end
    // Suffixes: a long one anywhere, a short one only where the text starts (an excerpt cut mid-key).
    const lastStart = i === 0 ? n - atEdge : n - inside
    for (let from = 1; end < 0 && fragments && from <= lastStart; from++) {
      const suffix = matchFrom(text, i, chars, from)
      if (from + suffix.count === n) end = suffix.end
    }
    if (end > i) {
      out += REDACTED
      i = end
    } else {
      out += text[i]
      i++
    }
  }
  return out
}

/** How many key characters, from `from`, match the text at `at`, and where the match ends. */
function matchFrom(
  text: string,
  at: number,
  chars: Spellings[],
  from: number,
): { end: number; count: number } {
  let position = at
  let count = 0
  for (let k = from; k < chars.length; k++) {
    const next = spelled(text, position, chars[k] as Spellings)
    if (next < 0) break
    position = next
    count++
  }
  return { end: position, count }
}

/** The end of one spelling of a character at `at` in `text`, or -1. */
function spelled(text: string, at: number, char: Spellings): number {
  if (text.slice(at, at + char.length).toLowerCase() === char.lower) return at + char.length
  if (char.space && text[at] === '+') return at + 1
  if (text[at] === '%' && text.slice(at, at + char.percent.length).toLowerCase() === char.percent)
    return at + char.percent.length
  if (char.unicode && text[at] === '\\' && text.slice(at, at + 6).toLowerCase() === char.unicode)
    return at + 6
  return -1
}
