import fc from 'fast-check'
import type { JsonSchema } from '../../spec/runtime.ts'
import { codePointsWith } from './jsonStringEdges.ts'

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 }
const SAFE_INTEGERS = { min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }

/** Integers where implementations go wrong: int64 and int32 edges, 2^53 and its neighbours, 0, -1. */
export const INTEGER_EDGES: readonly bigint[] = [
  INT64.min,
  INT64.min + 1n,
  INT64.max,
  INT64.max - 1n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  -(2n ** 53n) + 1n,
  -(2n ** 53n),
  -(2n ** 53n) - 1n,
  BigInt(INT32.max),
  BigInt(INT32.max) + 1n,
  BigInt(INT32.min),
  0n,
  -1n,
]

/**
 * Tails that break naive storage: spaces, combining marks, NFC/NFD twins, RTL, astral, quotes,
 * markup. Each follows the run's tag, so the name is still the gap (a trailing space, a combining
 * mark, a bidirectional override inside a name) and still the run's. The empty name and a leading
 * space cannot follow a tag: they are not sent (decisions/017).
 */
const STRING_EDGES = [
  ' ',
  ' Rex ',
  'Rex\t',
  'e\u0301',
  '\u00e9',
  'A\u030a\u0327',
  '\u202eRex',
  '\u05e9\u05dc\u05d5\u05dd',
  '\u0645\u0631\u062d\u0628\u0627',
  '\u{1f415}\u{1f408}\u200d\u2b1b',
  '\u{1d54f}\u{10348}',
  '"quoted"',
  "O'Brien",
  '<b>bold</b>&amp;',
  '\\',
  '$(id)`id`',
  '\u0000',
  '\ufeffbom',
  '\ud800',
]

/**
 * The characters storage mangles, from Unicode's own tables: every control character (U+0000
 * included), bidirectional controls, format characters, white space of every kind.
 */
const MANGLED = [
  ...new Set(
    (['Cc', 'Bidi_Control', 'Cf', 'White_Space'] as const).flatMap((property) => codePointsWith(property)),
  ),
]

/**
 * Any code point but a lone surrogate, weighted toward the ranges that break storage: controls,
 * format characters and white space (MANGLED), ASCII punctuation, combining marks, right-to-left
 * scripts, astral planes. (fast-check's `binary` unit spends seconds building a reverse map of all
 * of Unicode first.)
 */
const CODE_POINT = fc
  .oneof(
    fc.constantFrom(...MANGLED).map((char) => char.codePointAt(0) ?? 0),
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x300, max: 0x36f }),
    fc.integer({ min: 0x590, max: 0x8ff }),
    fc.integer({ min: 0x80, max: 0xd7ff }),
    fc.integer({ min: 0xe000, max: 0xffff }),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  )
  .map((codePoint) => String.fromCodePoint(codePoint))

/**
 * Lengths just past the widths text columns really have (VARCHAR(32), (50), (64), (100), (255)): a
 * server that cuts a name to its column keeps one character less than it was sent.
 */
export const COLUMN_WIDTH_LENGTHS = [33, 51, 65, 101, 256] as const

/** The longest name the model phase sends: past every common column width, short of flooding a store. */
const LONGEST_NAME = 300

const ALPHANUMERIC = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''))

/**
 * A name's length in characters, as a column counts them (code points).
 *
 * @example
 * characters('ct1\u{1f415}') // 4
 */
export function characters(text: string): number {
  return [...text].length
}

export interface ValueOptions {
  /** False for a target that reads JSON as JavaScript numbers (Prism): integers stay within ±(2^53 − 1). */
  exactInt64?: boolean
  /** The run's tag: every string starts with it (the run's pets are found by it in a shared store). */
  tag?: string
}

/**
 * Every value a property's schema allows, biased toward the edges: what the model phase sends.
 * int64 values beyond 2^53 come as bigints (sent as exact JSON text); safe ones as numbers. With
 * `exactInt64: false` (a target that reads JSON as JavaScript numbers, such as Prism) integers stay
 * within ±(2^53 − 1). Strings start with `tag`, then the part that probes the gap: plain, an edge
 * (space, combining mark, RTL, markup...), any Unicode, exactly one of COLUMN_WIDTH_LENGTHS
 * characters in all, or long (up to 300).
 *
 * @example
 * fc.sample(valueArbitrary({ type: 'integer', format: 'int64' }), 3) // e.g. [7, -9223372036854775808n, 0]
 * fc.sample(valueArbitrary({ type: 'string' }, { tag: 'ctk2a9q1z' }), 2) // e.g. ['ctk2a9q1zKd7', 'ctk2a9q1z\u202eRex']
 */
export function valueArbitrary(
  schema: JsonSchema,
  { exactInt64 = true, tag = '' }: ValueOptions = {},
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  if (schema.type === 'string') {
    const exactly = (length: number) => {
      const rest = Math.max(0, length - characters(tag))
      return fc.string({ unit: ALPHANUMERIC, minLength: rest, maxLength: rest }).map((tail) => tag + tail)
    }
    const then = (tail: fc.Arbitrary<string>) => tail.map((text) => tag + text)
    return fc.oneof(
      { weight: 3, arbitrary: neutralValueArbitrary(schema, tag) },
      { weight: 2, arbitrary: then(fc.constantFrom(...STRING_EDGES)) },
      { weight: 2, arbitrary: then(fc.string({ unit: CODE_POINT, maxLength: 40 })) },
      { weight: 2, arbitrary: then(fc.string({ unit: 'grapheme', maxLength: 40 })) },
      { weight: 3, arbitrary: fc.constantFrom(...COLUMN_WIDTH_LENGTHS).chain(exactly) },
      {
        weight: 1,
        arbitrary: then(
          fc.string({ unit: 'grapheme-ascii', minLength: 33, maxLength: LONGEST_NAME - characters(tag) }),
        ),
      },
    )
  }
  if (schema.type === 'integer') {
    const range =
      schema.format === 'int32'
        ? { min: BigInt(INT32.min), max: BigInt(INT32.max) }
        : exactInt64
          ? INT64
          : SAFE_INTEGERS
    const edges = INTEGER_EDGES.filter((n) => n >= range.min && n <= range.max)
    return fc
      .oneof(
        { weight: 3, arbitrary: fc.bigInt(1n, 1000n) },
        { weight: 2, arbitrary: fc.constantFrom(...edges) },
        { weight: 2, arbitrary: fc.bigInt(range) },
      )
      .map((n) => (n >= -(2n ** 53n) + 1n && n <= 2n ** 53n - 1n ? Number(n) : n))
  }
  if (schema.type === 'boolean') return fc.boolean()
  if (schema.type === 'number') return fc.double({ noNaN: true, noDefaultInfinity: true })
  return fc.constant(undefined)
}

/**
 * A value no implementation should refuse: short plain strings (the run's tag and a few letters and
 * digits), small positive integers, any enumerated value (see isNeutralNewPet).
 *
 * @example
 * fc.sample(neutralValueArbitrary({ type: 'string' }, 'ctk2a9q1z'), 1) // e.g. ['ctk2a9q1zKd7']
 */
export function neutralValueArbitrary(schema: JsonSchema, tag = ''): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  if (schema.type === 'string') {
    // Neutral names are at most 16 letters and digits, starting with a letter (isNeutralNewPet).
    const room = Math.max(0, 16 - tag.length)
    return tag === ''
      ? fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,15}$/)
      : fc.string({ unit: ALPHANUMERIC, maxLength: room }).map((tail) => tag + tail)
  }
  if (schema.type === 'integer') return fc.integer({ min: 1, max: 1000 })
  if (schema.type === 'boolean') return fc.boolean()
  if (schema.type === 'number') return fc.integer({ min: 1, max: 1000 })
  return fc.constant(undefined)
}
