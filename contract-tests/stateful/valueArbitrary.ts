import fc from 'fast-check'
import type { JsonSchema } from '../../spec/runtime.ts'
import { codePointsWith, INTEGER_RANGES, integerEdges, jsonStringEdges } from '../json/nearMisses.ts'

const SAFE_INTEGERS = [-(2n ** 53n) + 1n, 2n ** 53n - 1n] as const

/** Tails that break naive storage (a space, jsonStringEdges, a lone surrogate), each after the run's tag (decisions/017). */
const STRING_EDGES = [' ', ...jsonStringEdges(0).map((edge) => edge.text), '\ud800']

/** The characters storage mangles, from Unicode's tables: controls, bidirectional controls, format characters, white space. */
const MANGLED = [
  ...new Set(
    (['Cc', 'Bidi_Control', 'Cf', 'White_Space'] as const).flatMap((property) => codePointsWith(property)),
  ),
]

/**
 * Any code point but a lone surrogate, weighted toward what breaks storage (MANGLED, combining marks,
 * right-to-left scripts, astral planes); fast-check's `binary` unit spends seconds mapping Unicode first.
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

/** Lengths just past the widths text columns have (VARCHAR(32), (50), (64), (100), (255)), where a cut shows. */
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
 * Integers beyond 2^53 are bigints (none with `exactInt64: false`). Strings start with `tag`, then
 * plain, an edge (jsonStringEdges), any Unicode, COLUMN_WIDTH_LENGTHS characters, or long.
 *
 * @example
 * fc.sample(valueArbitrary({ type: 'integer', format: 'int64' }), 3) // e.g. [7, -9223372036854775808n, 0]
 * fc.sample(valueArbitrary({ type: 'string' }, { tag: 'ctk2a9q1z' }), 2) // e.g. ['ctk2a9q1zKd7', 'ctk2a9q1z\u202eRex']
 */
export function valueArbitrary(
  schema: JsonSchema,
  { exactInt64 = true, tag = '' }: ValueOptions = {},
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) || schema.type === 'boolean') return neutralValueArbitrary(schema)
  if (schema.type === 'string') {
    const then = (tail: fc.Arbitrary<string>) => tail.map((text) => tag + text)
    const exactly = (length: number, rest = Math.max(0, length - characters(tag))) =>
      then(fc.string({ unit: ALPHANUMERIC, minLength: rest, maxLength: rest }))
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
      (schema.format === 'int32' && INTEGER_RANGES.int32) ||
      (exactInt64 ? INTEGER_RANGES.int64 : SAFE_INTEGERS)
    const [min = 0n, max = 0n] = range ?? []
    return fc
      .oneof(
        { weight: 3, arbitrary: fc.bigInt(1n, 1000n) },
        { weight: 2, arbitrary: fc.constantFrom(...integerEdges(range).map((edge) => edge.value)) },
        { weight: 2, arbitrary: fc.bigInt(min, max) },
      )
      .map((n) => (n >= SAFE_INTEGERS[0] && n <= SAFE_INTEGERS[1] ? Number(n) : n))
  }
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
  if (schema.type === 'integer' || schema.type === 'number') return fc.integer({ min: 1, max: 1000 })
  if (schema.type === 'boolean') return fc.boolean()
  return fc.constant(undefined)
}
