/**
 * Characters a target's bytes must never put on a terminal or into a report as they are: C0 controls
 * (ESC starts the sequences that clear a screen or move the cursor, CR rewrites a line), DEL, C1
 * controls (U+009B is a one-byte CSI on some terminals), line and paragraph separators, the
 * bidirectional overrides that reorder what a reader sees, noncharacters XML 1.0 forbids, and lone
 * surrogates (half a character, invalid in UTF-8 and XML; with the `u` flag only a lone one matches).
 * Line feed and tab are among them, but stay unless asked.
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff\ud800-\udfff]/gu

const NAMED: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\t': '\\t', '\u001b': '\\e' }

/**
 * The text with every character in HIDDEN shown as an escape (`\e`, `\r`, `\x07`, `\u202e`), so what
 * a target sends is seen, never obeyed. With `singleLine`, line feeds and tabs are escaped too.
 *
 * @example
 * visible('ok\u001b[2J\rAll checks passed') // 'ok\\e[2J\\rAll checks passed'
 * visible('a\nb', { singleLine: true }) // 'a\\nb'
 */
export function visible(text: string, options: { singleLine?: boolean } = {}): string {
  const kept = options.singleLine ? '' : '\n\t'
  return text.replace(HIDDEN, (char) => (kept.includes(char) ? char : escapeOne(char)))
}

function escapeOne(char: string): string {
  const named = NAMED[char]
  if (named) return named
  const code = char.charCodeAt(0)
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}

/**
 * At most `max` characters of the text (never half a surrogate pair), with a note of how much was
 * left out, so one huge message cannot swamp a console or a report.
 *
 * @example
 * truncate('x'.repeat(10_000), 4096) // 'xxx…' + ' […5904 more characters]'
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = max
  const last = text.charCodeAt(cut - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut--
  return `${text.slice(0, cut)}… […${text.length - cut} more characters]`
}
