import { decodedViews, type View } from './decodedViews.ts'

/** What stands in for a secret in every output. */
export const REDACTED = '***'

/**
 * Secrets shorter than this are hidden only where they stand alone (no letter or digit beside them):
 * hiding every `k` or `ab` inside words would erase the text, and a key that short protects nothing.
 */
const SHORT_SECRET = 4

/** Secrets shorter than this are only hidden whole: a piece of a short key is ordinary text. */
const FRAGMENT_MIN_SECRET = 6

/** A run of base64 or base64url characters long enough to hold an encoded key. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{6,}={0,2}/g
/** Base64 runs of 64 characters or fewer whose verdict a redactor remembers, at most (64 KiB). */
const REMEMBERED_RUNS = 512

/** Hides the secrets it was made with in any text; `longest` is the longest secret's length. */
export type Redactor = ((text: string) => string) & { readonly longest: number }

/** One secret, compiled: its units folded (`fold`) forwards and backwards, with their KMP tables. */
type Secret = ReturnType<typeof compile>

/**
 * The one redactor (logs, journals, HAR exports, the suite's reports): hides each secret in a text in
 * every form a client or a target may spell it back:
 * - in any letter case, each character literal, percent-encoded once or more (`%70`, `%7A` or
 *   `%7a`, `%2570`; `+` for a space) or JSON-escaped (`\u0070`), in any mix (decodedViews);
 * - a prefix or a suffix of at least two thirds of it (a key cut short), and a prefix that ends
 *   the text or a suffix that starts it of at least a third (an excerpt cut mid-key);
 * - any base64 or base64url run that decodes (at any of its four alignments) to text holding one of
 *   the above: `Basic base64(user:key)`, the key's encoding inside a token, a cut key encoded.
 * A secret under four characters is hidden only where it stands alone. Each secret is searched by
 * Knuth-Morris-Pratt, after a native `includes` of its shortest piece that hides: linear in the
 * text's length whatever a hostile client or target sends (decisions/007-hostile-clients.md).
 *
 * @example
 * const redact = createRedactor(['s3cret-key'])
 * redact('echo: Bearer S3CRET-KEY, %73%33cret-key, czNjcmV0LWtleQ==') // 'echo: Bearer ***, ***, ***'
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const compiled = [...new Set(secrets)].filter((secret) => secret !== '').map(compile)
  const ascii = compiled.every((secret) => secret.cores !== undefined)
  // Fewer decoded bytes than the shortest piece that hides cannot hide one.
  const shortest = Math.min(...compiled.map((secret) => secret.atEdge))
  const holds = (text: string) => decodedViews(text).some((view) => found(view, compiled))
  // Each short run's verdict, remembered: bodies repeat their words (`category`, `available`).
  const judged = new Map<string, boolean>()
  const hides = (run: string) => {
    if (judged.size >= REMEMBERED_RUNS) judged.clear()
    const verdict = judged.get(run) ?? decodesToSecret(run, ascii, shortest, holds)
    if (run.length <= 64) judged.set(run, verdict)
    return verdict
  }
  const redact = (text: string) => {
    if (compiled.length === 0) return text
    const spans: Span[] = []
    for (const view of decodedViews(text)) found(view, compiled, spans)
    return hidden(text, spans).replace(BASE64_RUN, (run) => (hides(run) ? REDACTED : run))
  }
  return Object.assign(redact, { longest: Math.max(0, ...secrets.map((secret) => secret.length)) })
}

function compile(secret: string) {
  const units = secret.split('').map((unit) => String.fromCharCode(fold(unit.charCodeAt(0))))
  const forwards = units.join('')
  const backwards = [...units].reverse().join('')
  const n = forwards.length
  const fragments = n >= FRAGMENT_MIN_SECRET
  const atEdge = fragments ? Math.max(4, Math.ceil(n / 3)) : n
  return {
    forwards,
    backwards,
    forwardFail: failureOf(forwards),
    backwardFail: failureOf(backwards),
    // A piece this long hides anywhere; one `atEdge` long where the text starts or ends.
    inside: fragments ? Math.ceil((2 * n) / 3) : n,
    atEdge,
    // Of an ASCII secret, every piece that hides holds one of these, in a text lower-cased by
    // `toLowerCase` as by `fold`: a native search rules most texts out before any scan.
    cores: units.every((unit) => unit < '\u0080')
      ? [forwards.slice(0, atEdge), forwards.slice(-atEdge)]
      : undefined,
  }
}

/** Where a piece of a secret stands in the text: from its first character to after its last. */
type Span = readonly [number, number]

/**
 * Whether a piece of a secret that hides (see createRedactor) stands in the view; with `spans`, every
 * such piece is put there instead, in the original text's positions.
 */
function found(view: View, secrets: readonly Secret[], spans?: Span[]): boolean {
  const { text, starts, ends } = view
  const last = text.length - 1
  const folded = text.toLowerCase().replaceAll(' ', '+')
  for (const secret of secrets) {
    if (secret.cores?.every((core) => !folded.includes(core))) continue
    // Forwards, the longest piece of the secret's start that ends at each unit; backwards (only for a
    // secret whose pieces hide), the longest piece of its end that starts at each.
    for (let pass = secret.inside === secret.forwards.length ? 1 : 2; pass > 0; pass--) {
      const backwards = pass === 2
      const pattern = backwards ? secret.backwards : secret.forwards
      const fail = backwards ? secret.backwardFail : secret.forwardFail
      let matched = 0
      for (let step = 0; step <= last; step++) {
        const i = backwards ? last - step : step
        const unit = fold(text.charCodeAt(i))
        while (matched > 0 && pattern.charCodeAt(matched) !== unit) matched = fail[matched - 1] as number
        if (pattern.charCodeAt(matched) === unit) matched++
        const length = matched
        if (matched === pattern.length) matched = fail[matched - 1] as number
        if (length < secret.inside && !((backwards ? i === 0 : i === last) && length >= secret.atEdge))
          continue
        const from = backwards ? i : i - length + 1
        const to = from + length - 1
        // A short secret beside a letter or a digit is part of a word.
        if (length < SHORT_SECRET && /[\p{L}\p{N}]/u.test(`${text[from - 1] ?? ''}${text[to + 1] ?? ''}`))
          continue
        if (!spans) return true
        spans.push([starts ? (starts[from] as number) : from, ends ? (ends[to] as number) : to + 1])
      }
    }
  }
  return false
}

/** KMP's failure table: for each prefix of the pattern, its longest proper border. */
function failureOf(pattern: string): Int32Array {
  const fail = new Int32Array(pattern.length)
  for (let i = 1, border = 0; i < pattern.length; i++) {
    while (border > 0 && pattern[i] !== pattern[border]) border = fail[border - 1] as number
    if (pattern[i] === pattern[border]) border++
    fail[i] = border
  }
  return fail
}

/** A unit as matching compares it: lower-case, and a space as `+` (a form's space). */
function fold(unit: number): number {
  if (unit < 128) return unit === 32 ? 43 : unit >= 65 && unit <= 90 ? unit + 32 : unit
  const lower = String.fromCharCode(unit).toLowerCase()
  return lower.length === 1 ? lower.charCodeAt(0) : unit
}

/** The text with each stretch the spans cover, overlapping or touching, as one REDACTED. */
function hidden(text: string, spans: Span[]): string {
  let shown = ''
  let end = -1
  for (const [from, to] of spans.sort((a, b) => a[0] - b[0])) {
    if (from > end) shown += `${text.slice(Math.max(end, 0), from)}${REDACTED}`
    end = Math.max(end, to)
  }
  return end < 0 ? text : shown + text.slice(end)
}

const utf8 = new TextDecoder()

/**
 * Whether a base64 (or base64url) run, decoded from any of its first four characters (so a key
 * anywhere in it shows) to `shortest` bytes or more, `holds` a secret: by `atob`, which the browser
 * has too, the bytes read as UTF-8 unless every secret is ASCII.
 */
function decodesToSecret(run: string, ascii: boolean, shortest: number, holds: (text: string) => boolean) {
  const base64 = /[-_=]/.test(run) ? run.replaceAll('=', '').replaceAll('-', '+').replaceAll('_', '/') : run
  for (let skip = 0; skip < 4 && Math.floor(((base64.length - skip) * 3) / 4) >= shortest; skip++) {
    // A last group of one character holds no byte (and `atob` refuses it).
    const bytes = atob(base64.slice(skip, (base64.length - skip) % 4 === 1 ? -1 : undefined))
    if (holds(ascii ? bytes : utf8.decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0))))) return true
  }
  return false
}
