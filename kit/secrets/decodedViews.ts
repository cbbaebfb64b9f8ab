/**
 * A text read one way, and for each of its units the span of the original text it was read from
 * (`starts[i]` to `ends[i]`: a run of `%XX` bytes as a whole; none for the text as it is).
 */
export interface View {
  text: string
  starts?: number[]
  ends?: number[]
}

/** A `\uXXXX` escape, or a run of `%XX` bytes, each with `%25` nested to any depth before it (`%2570`). */
const SPELLED = /\\[uU][0-9A-Fa-f]{4}|(?:%(?:25)*[0-9A-Fa-f]{2})+/g
const utf8 = new TextDecoder()

/**
 * The ways a client may have meant a text: as it is, and, when it holds `%` or `\`, decoded as far
 * as it allows, never throwing: `\uXXXX` escapes, and `%XX` bytes (a run read as UTF-8, an invalid
 * sequence as U+FFFD), encoded twice or more (`%2570` is `p`). One unambiguous regular expression:
 * linear in the text.
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
  let copied = 0
  for (const { 0: spelled, index } of text.matchAll(SPELLED)) {
    for (let i = copied; i < index; i++) add(text[i] as string, i, i + 1)
    // A byte is the last two hex digits of each `%…` (`%2570` is 0x70).
    const bytes = spelled.split('%').slice(1)
    const units = spelled.startsWith('\\')
      ? String.fromCharCode(Number.parseInt(spelled.slice(2), 16))
      : utf8.decode(Uint8Array.from(bytes, (byte) => Number.parseInt(byte.slice(-2), 16)))
    copied = index + spelled.length
    add(units, index, copied)
  }
  for (let i = copied; i < text.length; i++) add(text[i] as string, i, i + 1)
  return [{ text }, decoded]
}
