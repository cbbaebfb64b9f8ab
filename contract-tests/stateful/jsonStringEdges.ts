import fc from 'fast-check'

/** A stretch of text where storage goes wrong, and what it is (for a finding's message). */
export interface StringEdge {
  label: string
  text: string
}

/** The Unicode properties the edges draw from, each a literal RegExp (none is built from text). */
const PROPERTY = {
  Cc: /^\p{Cc}$/u,
  Cf: /^\p{Cf}$/u,
  Mn: /^\p{Mn}$/u,
  Bidi_Control: /^\p{Bidi_Control}$/u,
  White_Space: /^\p{White_Space}$/u,
} as const

/**
 * Every code point of the Basic Multilingual Plane (surrogates aside) with a Unicode property, read
 * from the engine's own Unicode tables (`\p{…}`), so no list of characters is kept by hand.
 *
 * @example
 * codePointsWith('Cc').length // 65: U+0000 to U+001F and U+007F to U+009F
 */
export function codePointsWith(property: keyof typeof PROPERTY): string[] {
  const pattern = PROPERTY[property]
  const found: string[] = []
  for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue
    const text = String.fromCodePoint(codePoint)
    if (pattern.test(text)) found.push(text)
  }
  return found
}

/** Astral code points (U+10000 to U+10FFFF): two UTF-16 units, four UTF-8 bytes each. */
const ASTRAL = fc.integer({ min: 0x10000, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint))

/**
 * The strings a JSON string can carry that a comfortable subset leaves out, one stretch per kind,
 * drawn from the Unicode properties and, where a kind is too large to send whole, by fast-check
 * from `seed` (the run's: the same seed sends the same names): every control character (U+0000
 * included, which JSON must escape and a PostgreSQL text column refuses), U+0000 alone, every
 * bidirectional control between right-to-left letters, format characters (zero-width joiners,
 * soft hyphen, BOM), combining marks stacked on a letter, every kind of white space at the end,
 * astral characters, and astral characters past a column width counted in UTF-16 units or UTF-8
 * bytes (VARCHAR(64) of characters holds them; 64 units or 255 bytes cut one in half).
 *
 * @example
 * jsonStringEdges(7).find((edge) => edge.label.includes('control'))?.text.includes('\u0000') // true
 */
export function jsonStringEdges(seed: number): StringEdge[] {
  const draw = <T>(arbitrary: fc.Arbitrary<T>, index: number): T =>
    fc.sample(arbitrary, { numRuns: 1, seed: seed + index })[0] as T
  const some = (pool: string[], count: number, index: number) =>
    draw(fc.shuffledSubarray(pool, { minLength: count, maxLength: count }), index).join('')
  const bidi = codePointsWith('Bidi_Control')
  const rightToLeft = ['\u05e9', '\u0645', '\u05d3', '\u0631']
  return [
    { label: 'every control character (Unicode Cc)', text: ` a${codePointsWith('Cc').join('')}z` },
    { label: 'U+0000 inside the name', text: ' Rex\u0000Max' },
    {
      label: 'every bidirectional control between right-to-left letters',
      text: ` ${bidi.map((mark, i) => `${mark}${rightToLeft[i % rightToLeft.length]}`).join('')}`,
    },
    { label: 'format characters (Unicode Cf)', text: ` a${some(codePointsWith('Cf'), 8, 1)}z` },
    { label: 'stacked combining marks (Unicode Mn)', text: ` a${some(codePointsWith('Mn'), 6, 2)}` },
    { label: 'every kind of white space at the end', text: ` Rex${codePointsWith('White_Space').join('')}` },
    {
      label: 'astral characters',
      text: ` ${draw(fc.array(ASTRAL, { minLength: 4, maxLength: 4 }), 3).join('')}`,
    },
    {
      label: '65 astral characters (130 UTF-16 units, 260 UTF-8 bytes)',
      text: draw(fc.array(ASTRAL, { minLength: 65, maxLength: 65 }), 4).join(''),
    },
  ]
}

/**
 * What a stored name lost or gained against the one sent, as code points (`U+0000`), for a
 * finding: a stripped control character or a mangled astral one is invisible in quoted JSON.
 *
 * @example
 * nameDifference('Rex\u0000', 'Rex') // 'lost U+0000'
 */
export function nameDifference(sent: string, got: string): string {
  const count = (text: string) => {
    const counts = new Map<string, number>()
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1)
    return counts
  }
  const [before, after] = [count(sent), count(got)]
  const missing = (from: Map<string, number>, to: Map<string, number>) =>
    [...from].filter(([char, n]) => (to.get(char) ?? 0) < n).map(([char]) => codePointName(char))
  const lost = missing(before, after)
  const gained = missing(after, before)
  const listed = (chars: string[]) => chars.slice(0, 6).join(' ') + (chars.length > 6 ? ' …' : '')
  const parts = [
    ...(lost.length > 0 ? [`lost ${listed(lost)}`] : []),
    ...(gained.length > 0 ? [`gained ${listed(gained)}`] : []),
  ]
  return parts.length > 0 ? parts.join(', ') : 'the same characters in another order'
}

function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}
