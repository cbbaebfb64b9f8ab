// What one document's patterns may cost to compile (SPEC_LIMITS, docs/spec-as-input.md): 2,000 patterns
// took 45-50 s. Each bound at its worst shape: just under it compiles, one more is refused by name.
import { describe, expect, test } from '@jest/globals'
import { createAjv } from './createAjv.ts'
import { linearRegExpEngine } from './linearRegExp.ts'
import { SPEC_LIMITS } from './specLimits.ts'
import { UnsafePatternError } from './UnsafePatternError.ts'

describe('the patterns of one document', () => {
  test(`at most SPEC_LIMITS.maxPatterns (${SPEC_LIMITS.maxPatterns}) distinct ones; a repeated one counts once`, () => {
    const engine = linearRegExpEngine()
    for (let i = 0; i < SPEC_LIMITS.maxPatterns; i++) engine(`^x${i}$`, 'u')
    expect(engine('^x0$', 'u').test('x0')).toBe(true)
    expect(() => engine('^one-more$', 'u')).toThrow(UnsafePatternError)
    expect(() => engine('^one-more$', 'u')).toThrow(
      `the spec holds more than ${SPEC_LIMITS.maxPatterns} distinct patterns (SPEC_LIMITS.maxPatterns)`,
    )
  })

  test(`one pattern holds at most SPEC_LIMITS.maxPatternSize (${SPEC_LIMITS.maxPatternSize}) positions once its repeats are expanded`, () => {
    const half = SPEC_LIMITS.maxPatternSize / 2
    const engine = linearRegExpEngine()
    expect(engine(`^[a-z]{${half}}[0-9]{${half}}$`, 'u').test(`${'a'.repeat(half)}${'1'.repeat(half)}`)).toBe(
      true,
    )
    expect(() => engine(`^[a-z]{${half}}[0-9]{${half}}x$`, 'u')).toThrow(
      `${SPEC_LIMITS.maxPatternSize + 1} positions once its repeats are expanded, more than ${SPEC_LIMITS.maxPatternSize} (SPEC_LIMITS.maxPatternSize)`,
    )
  })

  test('a class of many ranges counts 1 + log2 of them, as RE2 searches it (the worst shape to compile)', () => {
    // A thousand ranges: 10 a position, so 200 of them fill a pattern.
    const wide = `[${Array.from({ length: 1000 }, (_, i) => String.fromCharCode(0x4e00 + 2 * i)).join('')}]`
    const count = SPEC_LIMITS.maxPatternSize / 10
    const engine = linearRegExpEngine()
    expect(engine(`^${wide}{${count}}$`, 'u').test('一'.repeat(count))).toBe(true)
    expect(() => engine(`^${wide}{${count}}x$`, 'u')).toThrow(
      `${SPEC_LIMITS.maxPatternSize + 1} positions once its repeats are expanded`,
    )
  })

  test(`all its patterns hold at most SPEC_LIMITS.maxPatternSizes (${SPEC_LIMITS.maxPatternSizes}) positions`, () => {
    const engine = linearRegExpEngine()
    const full = SPEC_LIMITS.maxPatternSizes / SPEC_LIMITS.maxPatternSize
    const half = SPEC_LIMITS.maxPatternSize / 2
    // Each of the largest size, told apart by its first class.
    for (let i = 0; i < full; i++)
      engine(`^[a-${String.fromCharCode(0x62 + i)}]{${half}}[0-9]{${half}}$`, 'u')
    expect(() => engine('^y$', 'u')).toThrow(
      `the spec's patterns hold more than ${SPEC_LIMITS.maxPatternSizes} positions in all (SPEC_LIMITS.maxPatternSizes)`,
    )
  })

  test(`they name at most SPEC_LIMITS.maxPropertyEscapes (${SPEC_LIMITS.maxPropertyEscapes}) distinct \\p{…} properties`, () => {
    const names = ['L', 'Lu', 'Ll', 'N', 'Nd', 'P', 'S', 'Z', 'Script=Greek']
    expect(names.length).toBe(SPEC_LIMITS.maxPropertyEscapes + 1)
    const engine = linearRegExpEngine()
    // \P{…} reads the same property: it counts once with \p{…}.
    for (const name of names.slice(0, -1)) engine(`^\\p{${name}}\\P{${name}}$`, 'u')
    expect(() => engine(`^\\p{${names.at(-1)}}$`, 'u')).toThrow(
      `names more than ${SPEC_LIMITS.maxPropertyEscapes} distinct \\p{…} properties (SPEC_LIMITS.maxPropertyEscapes)`,
    )
  })

  test('each Ajv instance (one per document) has bounds of its own', () => {
    const half = SPEC_LIMITS.maxPatternSize / 2
    const schema = (i: number) => ({
      type: 'string',
      pattern: `^[a-z]{${half}}[0-9]{${half - 1}}${String.fromCharCode(0x61 + i)}$`,
    })
    // Together, the two documents' patterns hold nearly twice what one may.
    const count = SPEC_LIMITS.maxPatternSizes / SPEC_LIMITS.maxPatternSize - 1
    for (const _document of [1, 2]) {
      const ajv = createAjv()
      for (let i = 0; i < count; i++) ajv.compile(schema(i))
    }
  })
})
