const MAX_ROUNDS = 3
const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true })

/**
 * Percent-decodes as far as the text allows and never throws: `%XX` with hex digits of either case
 * becomes its byte, anything else stays as it is, and the bytes are read as UTF-8 (an invalid
 * sequence becomes U+FFFD). Text encoded more than once is decoded again, up to three rounds, so
 * `%2570` reads as `p`. Unlike `decodeURIComponent`, one stray `%` does not spoil the rest.
 * Linear in the length of the text.
 *
 * @example
 * decodePercentLoosely('%70et%2Ds%74ore') // 'pet-store'
 * decodePercentLoosely('100%') // '100%'
 */
export function decodePercentLoosely(text: string): string {
  let decoded = text
  for (let round = 0; round < MAX_ROUNDS && decoded.includes('%'); round++) {
    const next = decodeOnce(decoded)
    if (next === decoded) break
    decoded = next
  }
  return decoded
}

function decodeOnce(text: string): string {
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (let i = 0; i < text.length; i++) {
    const high = hexValue(text.charCodeAt(i + 1))
    const low = hexValue(text.charCodeAt(i + 2))
    if (text.charCodeAt(i) === 37 /* % */ && high >= 0 && low >= 0) {
      bytes.push(high * 16 + low)
      i += 2
      continue
    }
    const code = text.codePointAt(i) as number
    if (code < 0x80) bytes.push(code)
    else {
      const char = String.fromCodePoint(code)
      for (const byte of encoder.encode(char)) bytes.push(byte)
      i += char.length - 1
    }
  }
  return utf8.decode(Uint8Array.from(bytes))
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 65 && code <= 70) return code - 55
  if (code >= 97 && code <= 102) return code - 87
  return -1
}
