// Near misses of valid values, derived by edits and drawn from a seed, never listed: of a text, of an
// integer, of a JSON string. Pure, below both the negatives and the model phase, which draw on it.
import fc from 'fast-check'
import { INT64_MAX, INT64_MIN } from '../../kit/json/exactJson.ts'
import type { JsonSchema } from '../../spec/runtime.ts'

/** A piece of an edited text: literal text, or characters [from, to) of the valid one, perhaps in another case. */
export type Piece = string | readonly [from: number, to: number, kind?: 'upper' | 'lower' | 'swap']

/** A text near a valid one as pieces of it (so a curl line rebuilds a secret's from a variable), the edit done, and whether it was one at a position or drawn. */
export type NearMiss = { pieces: readonly Piece[]; edit: string; positional?: boolean }

/** The Unicode properties characters are drawn from (literal RegExps: none is built from text). */
const PROPERTY = {
  Cc: /^\p{Cc}$/u,
  Cf: /^\p{Cf}$/u,
  Mn: /^\p{Mn}$/u,
  Bidi_Control: /^\p{Bidi_Control}$/u,
  White_Space: /^\p{White_Space}$/u,
} as const

/**
 * Every code point of the Basic Multilingual Plane (surrogates aside) with a Unicode property.
 *
 * @example
 * codePointsWith('Cc').length // 65: U+0000 to U+001F and U+007F to U+009F
 */
export function codePointsWith(property: keyof typeof PROPERTY): string[] {
  const all = Array.from({ length: 0xffff }, (_, code) => String.fromCharCode(code))
  return all.filter((char, code) => (code < 0xd800 || code > 0xdfff) && PROPERTY[property].test(char))
}

/** The characters an edit brings, by class: every class, at both ends of a key, on every seed (nearMisses). */
export const EDIT_CHARACTERS = {
  letter: 'aqzAQZ',
  digit: '0179',
  punctuation: '-._~+/=',
  'other ASCII': '#%&*:;?@^|',
  space: ' \t',
  'non-ASCII white space': '\u00a0\u0085\u2003\u3000',
  invisible: '\u00ad\u200b\u200d\ufeff',
  'combining mark': '\u0301\u0308',
  'non-ASCII letter': '\u00e9\u00df\u0131\u017f\u041a\uff4b',
} as const

/**
 * A character as a finding names it: printable ASCII quoted, anything else by code point.
 *
 * @example
 * characterName('\u00a0') // 'U+00A0'
 */
export function characterName(char: string): string {
  const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  return /^[!-~]$/.test(char) ? JSON.stringify(char) : `U+${hex}`
}

/**
 * Near misses of `valid`, the same for the same seed. On any seed (so a reader that drops a
 * trailing `=` or trims U+00A0 is caught on each): every punctuation, white space and invisible
 * character and one of each other class at both ends (an enum's value: white space and one);
 * cuts; other cases; doubled; the ends flipped and transposed; with `everyPosition`, an insertion,
 * deletion and replacement at every position. Then `drawn` more from `seed`.
 *
 * @example
 * nearMisses('sold', 7, 0, false).map((m) => textOf(m.pieces, 'sold')) // [' sold', 'sold ', …, 'SOLD', 'sol', 'osld', …]
 */
export function nearMisses(valid: string, seed: number, drawn: number, everyPosition = true): NearMiss[] {
  const n = valid.length
  const numbers = fc.sample(fc.nat(), { seed, numRuns: 40 * (n + drawn) + 400 })
  let next = 0
  const random = (below: number) => (numbers[next++ % numbers.length] ?? 0) % Math.max(1, below)
  const classes: string[] = Object.values(EDIT_CHARACTERS)
  const pick = (chars: string) => chars.charAt(random(chars.length))
  const anyCharacter = (not = ''): string => {
    const char = pick(classes[random(classes.length)] ?? '')
    return char === not ? anyCharacter(not) : char
  }
  const where = (i: number) => (i === 0 ? 'at the start' : i === n ? 'at the end' : `after character ${i}`)
  const edit = (edit: string, ...pieces: Piece[]): NearMiss => ({ pieces, edit })
  const insert = (i: number, c = anyCharacter()) =>
    edit(`${characterName(c)} inserted ${where(i)}`, [0, i], c, [i, n])
  const remove = (i: number) => edit(`character ${i + 1} deleted`, [0, i], [i + 1, n])
  const replace = (i: number, c = anyCharacter(valid.charAt(i))) =>
    edit(`character ${i + 1} replaced by ${characterName(c)}`, [0, i], c, [i + 1, n])
  const flip = (i: number) =>
    edit(`character ${i + 1} in the other case`, [0, i], [i, i + 1, 'swap'], [i + 1, n])
  const transpose = (i: number) =>
    edit(`characters ${i + 1} and ${i + 2} transposed`, [0, i], [i + 1, i + 2], [i, i + 1], [i + 2, n])
  const cut = (length: number) => edit(`cut to ${length} of ${n} characters`, [0, length])
  const { space, punctuation, 'non-ASCII white space': spaces, invisible } = EDIT_CHARACTERS
  const atEnds = everyPosition
    ? [...punctuation, ...space, ...spaces, ...invisible, ...classes.map(pick)]
    : [...space, ...spaces, anyCharacter()]
  const seen = new Set([valid])
  const found: NearMiss[] = []
  const add = (positional: boolean, ...misses: NearMiss[]) => {
    for (const miss of misses) {
      const text = textOf(miss.pieces, valid)
      if (!seen.has(text) && seen.add(text)) found.push(positional ? { ...miss, positional } : miss)
    }
  }
  add(
    false,
    ...atEnds.flatMap((c) => [insert(0, c), insert(n, c)]),
    ...[1, Math.floor(n / 2), n - 1].map(cut),
    ...(['upper', 'lower', 'swap'] as const).map((kind) =>
      edit(`in ${kind === 'swap' ? 'swapped' : kind} case`, [0, n, kind]),
    ),
    ...[flip(0), flip(n - 1), edit('twice', [0, n], [0, n]), transpose(0), transpose(Math.max(0, n - 2))],
  )
  for (let i = 0; everyPosition && i <= n; i++)
    add(true, insert(i), ...(i < n ? [remove(i), replace(i)] : []))
  const kinds = [insert, remove, replace, flip, transpose, (i: number) => cut(1 + (i % Math.max(1, n - 1)))]
  // Drawn until `drawn` more are new, or ten tries each (a short text has few distinct edits).
  const wanted = found.length + drawn
  for (let tries = 0; found.length < wanted && tries < 10 * drawn; tries++)
    add(true, (kinds[random(kinds.length)] as (i: number) => NearMiss)(random(n)))
  return found
}

/**
 * The text a near miss's pieces spell from the valid text.
 *
 * @example
 * textOf([[0, 3], 'x'], 'sold') // 'solx'
 */
export function textOf(pieces: readonly Piece[], valid: string): string {
  const swap = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())
  const cased = { upper: 'toUpperCase', lower: 'toLowerCase' } as const
  const text = ([from, to, kind]: Exclude<Piece, string>, t = valid.slice(from, to)) =>
    kind === 'swap' ? [...t].map(swap).join('') : kind ? t[cased[kind]]() : t
  return pieces.map((p) => (typeof p === 'string' ? p : text(p))).join('')
}

/** A value as text (a parameter's, a JSON string's) and what it is. */
export type Refused = { text: string; label: string }

/**
 * Near misses of each value of an enumeration, and two in one; never an allowed value.
 *
 * @example
 * enumNearMisses(['available', 'sold'], 7).map((r) => r.label) // ['"available", U+0020 inserted at the start', …, 'two values in one']
 */
export function enumNearMisses(allowed: readonly string[], seed: number, drawn = 2): Refused[] {
  const all = allowed.flatMap((value, i) =>
    nearMisses(value, seed + i, drawn, false).map((m) => ({
      text: textOf(m.pieces, value),
      label: `${JSON.stringify(value)}, ${m.edit}`,
    })),
  )
  all.push({ text: allowed.slice(0, 2).join(','), label: 'two values in one' })
  return all.filter(({ text }, i) => !allowed.includes(text) && all.findIndex((r) => r.text === text) === i)
}

/**
 * Targets near an operation's, its base path's segments included, as a path after the base URL: a
 * trailing slash; each segment in upper case, capitalised, after a doubled slash and with its first
 * character percent-encoded (RFC 3986 §6.2.2.2: the same resource). A segment of the base is reached
 * through dot segments (`/../V1/pets`), which a client resolves before it sends (RFC 3986 §5.2.4).
 *
 * @example
 * targetNearMisses('/v1', '/pets').map((r) => r.text) // ['/pets/', '/../V1/pets', '/../%76%31/pets' …, '/PETS', '/Pets', '//pets', '/%70ets']
 */
export function targetNearMisses(basePath: string, path: string): Refused[] {
  const base = basePath.split('/').filter(Boolean)
  const segments = [...base, ...path.split('/').filter(Boolean)]
  const write = (edited: readonly string[]) =>
    edited.slice(0, base.length).every((segment, i) => segment === base[i])
      ? `/${edited.slice(base.length).join('/')}`
      : `${'/..'.repeat(base.length)}/${edited.join('/')}`
  const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  const all = [{ text: `${write(segments)}/`, label: 'a trailing slash' }]
  for (const [i, segment] of segments.entries()) {
    const edits = {
      'in upper case': segment.toUpperCase(),
      capitalised: segment.charAt(0).toUpperCase() + segment.slice(1),
      'after a doubled slash': `/${segment}`,
      'its first character percent-encoded': hex(segment) + segment.slice(1),
    }
    for (const [edit, to] of Object.entries(edits))
      all.push({ text: write(segments.with(i, to)), label: `segment ${JSON.stringify(segment)} ${edit}` })
  }
  return all.filter(({ text }, i) => text !== write(segments) && all.findIndex((r) => r.text === text) === i)
}

/** The ranges of OpenAPI's integer formats, exactly. */
export const INTEGER_RANGES: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [INT64_MIN, INT64_MAX],
}

/**
 * Integers where a reader that narrows, rounds, wraps, indexes or tests for truthiness goes wrong,
 * named as read (0, ±1, ±2^31, ±2^32, ±2^53, ±2^63 and neighbours), within `range` when given.
 *
 * @example
 * integerEdges().find((edge) => edge.value === 2n ** 53n + 1n)?.label // '2^53 + 1'
 */
export function integerEdges(range?: readonly [bigint, bigint]): Array<{ value: bigint; label: string }> {
  const near = (bits: bigint, offsets: bigint[]) =>
    [1n, -1n].flatMap((sign) =>
      offsets.map((offset) => ({
        value: sign * 2n ** bits + offset,
        label: `${sign < 0n ? '-' : ''}2^${bits}${offset ? ` ${offset > 0n ? '+' : '-'} 1` : ''}`,
      })),
    )
  const around = [-1n, 0n, 1n]
  const small = [0n, 1n, -1n].map((value) => ({ value, label: String(value) }))
  const all = [...small, ...near(32n, [-1n, 0n]), ...[31n, 53n, 63n].flatMap((bits) => near(bits, around))]
  return range ? all.filter(({ value }) => value >= range[0] && value <= range[1]) : all
}

/**
 * An integer's other spellings in JSON (RFC 8259 §6): a fraction part, an exponent, minus zero.
 *
 * @example
 * integerSpellings(100n).map((s) => s.text) // ['100.0', '1.0e2', '1e2', '1E2']
 */
export function integerSpellings(value: bigint): Refused[] {
  const sign = value < 0n ? '-' : ''
  const digits = String(value < 0n ? -value : value)
  let e = 0
  while (e < digits.length - 1 && digits.charAt(digits.length - 1 - e) === '0') e++
  const mantissa = digits.slice(0, digits.length - e)
  return [
    [`${digits}.0`, 'with a fraction part'],
    [`${mantissa[0]}.${mantissa.slice(1) || '0'}e${digits.length - 1}`, 'with a point and an exponent'],
    [`${mantissa}e${e}`, 'with an exponent'],
    [`${mantissa}E${e}`, 'with a capital E'],
    ...(value === 0n ? [['-0', 'as minus zero']] : []),
  ].map(([text = '', label = '']) => ({ text: sign + text, label }))
}

/**
 * The integer edges and each bound's neighbour that an integer schema's format or bounds refuse.
 *
 * @example
 * integersOutside({ format: 'int32', minimum: 1, maximum: 100 }).map((r) => r.text) // ['0', '-1', '2147483647', …, '101']
 */
export function integersOutside(schema: JsonSchema): Refused[] {
  const [low, high] = INTEGER_RANGES[String(schema.format)] ?? []
  const min = typeof schema.minimum === 'number' ? BigInt(Math.ceil(schema.minimum)) : low
  const max = typeof schema.maximum === 'number' ? BigInt(Math.floor(schema.maximum)) : high
  const bounds = [...(min === undefined ? [] : [min - 1n]), ...(max === undefined ? [] : [max + 1n])]
  return [...new Set([...integerEdges().map((edge) => edge.value), ...bounds])].flatMap((n) => {
    const label =
      (n < (low ?? n) || n > (high ?? n) ? `beyond ${schema.format}` : undefined) ??
      (n < (min ?? n) ? `below its minimum ${min}` : n > (max ?? n) ? `above its maximum ${max}` : undefined)
    return label ? [{ text: String(n), label }] : []
  })
}

/**
 * Name tails storage mangles, one stretch per kind from Unicode's tables (drawn from `seed` where a
 * kind is too large to send whole): every control and bidirectional control, format characters,
 * combining marks, every white space, astral characters (65: past 64 UTF-16 units, 255 UTF-8
 * bytes); spaces, NFD, quotes, markup; and other fields' values (each status, a number, a token).
 *
 * @example
 * jsonStringEdges(7).find((edge) => edge.label.includes('control'))?.text.includes('\u0000') // true
 */
export function jsonStringEdges(seed: number, statuses: readonly string[] = []): Refused[] {
  const drawn = (unit: fc.Arbitrary<string>, count: number, index: number) =>
    fc
      .sample(fc.array(unit, { minLength: count, maxLength: count }), { numRuns: 1, seed: seed + index })[0]
      ?.join('')
  const some = (property: 'Cf' | 'Mn', count: number, index: number) =>
    drawn(fc.constantFrom(...codePointsWith(property)), count, index)
  const astral = fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c))
  const bidi = codePointsWith('Bidi_Control').map(
    (mark, i) => `${mark}${'\u05e9\u0645\u05d3\u0631'.charAt(i % 4)}`,
  )
  const holding = [' 42', ' 1e2', ' Bearer abc.def-ghi=', ' a+b%20c&d=e', ' $(id)`id`']
  return [
    { label: 'trailing spaces', text: ' Rex  ' },
    { label: 'inner runs of spaces', text: ' Rex   the  dog' },
    { label: 'Unicode', text: ' Zoë 🐾 Ñandú 犬' },
    { label: 'a combining mark (NFD)', text: ' Zoe\u0308' },
    { label: 'quotes and a backslash', text: ` say "hi" \\ bye's` },
    { label: 'markup', text: '<b>Rex</b>&amp;' },
    { label: 'every control character (Unicode Cc)', text: ` a${codePointsWith('Cc').join('')}z` },
    { label: 'U+0000 inside', text: ' Rex\u0000Max' },
    { label: 'every bidirectional control between right-to-left letters', text: ` ${bidi.join('')}` },
    { label: 'format characters (Unicode Cf)', text: ` a${some('Cf', 8, 1)}z` },
    { label: 'stacked combining marks (Unicode Mn)', text: ` a${some('Mn', 6, 2)}` },
    { label: 'every kind of white space at the end', text: ` Rex${codePointsWith('White_Space').join('')}` },
    { label: 'astral characters', text: ` ${drawn(astral, 4, 3)}` },
    { label: '65 astral characters (130 UTF-16 units, 260 UTF-8 bytes)', text: drawn(astral, 65, 4) ?? '' },
    ...[...statuses.map((status) => ` ${status}`), ...holding].map((text) => ({
      label: `another field's value: ${JSON.stringify(text.trim())}`,
      text,
    })),
  ]
}
