/**
 * A text read one way, and for each of its units the span of the original text it was read from
 * (`starts[i]` to `ends[i]`: a run of `%XX` bytes as a whole; none for the text as it is).
 */
export interface View {
  text: string
  starts?: number[]
  ends?: number[]
}

const utf8 = new TextDecoder()

/**
 * The ways a client may have meant a text: as it is, and, when it holds `%` or `\`, decoded as
 * far as it allows, never throwing: `\uXXXX` escapes (JSON), and `%XX` bytes (hex digits of either
 * case, a run of them read as UTF-8, an invalid sequence as U+FFFD), `%25` nested to any depth
 * (`%2570`, text encoded twice, is `p`); a stray `%` stays as it is. Linear in the text's length.
 *
 * @example
 * decodedViews('%2570et')[1]?.text // 'pet'
 */
export function decodedViews(text: string): View[] {
  if (!text.includes('%') && !text.includes('\\')) return [{ text }]
  const decoded: Required<View> = { text: '', starts: [], ends: [] }
  const add = (units: string, from: number, to: number) => {
    decoded.text += units
    for (let k = 0; k < units.length; k++) {
      decoded.starts.push(from)
      decoded.ends.push(to)
    }
  }
  const bytes: number[] = []
  for (let i = 0; i < text.length; ) {
    const escaped =
      text[i] === '\\' && (text[i + 1] === 'u' || text[i + 1] === 'U') ? hexAt(text, i + 2, 4) : -1
    if (escaped >= 0) {
      add(String.fromCharCode(escaped), i, i + 6)
      i += 6
      continue
    }
    let end = i
    for (let byte = percentByteAt(text, end); byte; byte = percentByteAt(text, end)) {
      bytes.push(byte.value)
      end = byte.end
    }
    if (bytes.length === 0) add(text[i] as string, i, ++end)
    else add(utf8.decode(Uint8Array.from(bytes.splice(0))), i, end)
    i = end
  }
  return [{ text }, decoded]
}

/**
 * A text decoded as far as it allows (`decodedViews`), never throwing: unlike
 * `decodeURIComponent`, one stray `%` does not spoil the rest.
 *
 * @example
 * decodeLoosely('%70et%2Ds%74ore') // 'pet-store'
 * decodeLoosely('100%') // '100%'
 */
export function decodeLoosely(text: string): string {
  return (decodedViews(text).at(-1) as View).text
}

/** The byte `%XX` spells at `at` (after `%25` nested any depth: `%2570`), and where it ends. */
function percentByteAt(text: string, at: number): { value: number; end: number } | undefined {
  if (text[at] !== '%') return undefined
  let digits = at + 1
  while (text.startsWith('25', digits) && hexAt(text, digits + 2, 2) >= 0) digits += 2
  const value = hexAt(text, digits, 2)
  return value < 0 ? undefined : { value, end: digits + 2 }
}

/** The number `count` hex digits at `at` spell, or -1. */
function hexAt(text: string, at: number, count: number): number {
  const digits = text.slice(at, at + count)
  return digits.length === count && /^[0-9A-Fa-f]+$/.test(digits) ? Number.parseInt(digits, 16) : -1
}
