import fc from 'fast-check'
import type { JsonSchema } from '../../spec/runtime.ts'

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 }
const SAFE_INTEGERS = { min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }

/** Integers where implementations go wrong: int64 and int32 edges, 2^53 and its neighbours, 0, -1. */
const INTEGER_EDGES = [
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

/** Strings that break naive storage: empty, spaces, combining marks, NFC/NFD twins, RTL, astral, quotes, markup. */
const STRING_EDGES = [
  '',
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
 * Any code point but a lone surrogate, weighted toward the ranges that break storage: ASCII controls
 * and punctuation, combining marks, right-to-left scripts, astral planes. (fast-check's `binary` unit
 * spends seconds building a reverse map of all of Unicode first.)
 */
const CODE_POINT = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x300, max: 0x36f }),
    fc.integer({ min: 0x590, max: 0x8ff }),
    fc.integer({ min: 0x80, max: 0xd7ff }),
    fc.integer({ min: 0xe000, max: 0xffff }),
    fc.integer({ min: 0x10000, max: 0x10ffff }),
  )
  .map((codePoint) => String.fromCodePoint(codePoint))

/**
 * Every value a property's schema allows, biased toward the edges: what the model phase sends.
 * int64 values beyond 2^53 come as bigints (sent as exact JSON text); safe ones as numbers. With
 * `exactInt64: false` (a target that reads JSON as JavaScript numbers, such as Prism) integers stay
 * within ±(2^53 − 1).
 *
 * @example
 * fc.sample(valueArbitrary({ type: 'integer', format: 'int64' }), 3) // e.g. [7, -9223372036854775808n, 0]
 */
export function valueArbitrary(schema: JsonSchema, { exactInt64 = true } = {}): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  if (schema.type === 'string')
    return fc.oneof(
      { weight: 3, arbitrary: neutralValueArbitrary(schema) },
      { weight: 2, arbitrary: fc.constantFrom(...STRING_EDGES) },
      { weight: 2, arbitrary: fc.string({ unit: CODE_POINT, maxLength: 40 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      {
        weight: 1,
        arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 33, maxLength: 2000, size: 'max' }),
      },
    )
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
 * A value no implementation should refuse: short plain strings, small positive integers, any
 * enumerated value (see isNeutralNewPet).
 *
 * @example
 * fc.sample(neutralValueArbitrary({ type: 'string' }), 1) // e.g. ['Kd7']
 */
export function neutralValueArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  if (schema.type === 'string') return fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,15}$/)
  if (schema.type === 'integer') return fc.integer({ min: 1, max: 1000 })
  if (schema.type === 'boolean') return fc.boolean()
  if (schema.type === 'number') return fc.integer({ min: 1, max: 1000 })
  return fc.constant(undefined)
}
