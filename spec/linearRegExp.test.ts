import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { linearRegExp } from './linearRegExp.ts'
import { UnsafePatternError } from './UnsafePatternError.ts'

describe('linearRegExp (every spec pattern on RE2)', () => {
  test('the ReDoS pattern of decision 020 answers, on a name that made V8 backtrack for 18 s', () => {
    const name = `${'a'.repeat(30)}!`
    expect(linearRegExp('^([a-zA-Z0-9]+\\s?)+$', 'u').test(name)).toBe(false)
    expect(linearRegExp('^([a-zA-Z0-9]+\\s?)+$', 'u').test('Rex the dog')).toBe(true)
  })

  test.each([
    ['a backreference', '(a)\\1'],
    ['a lookahead', '^(?=.*\\d)\\w+$'],
    ['a negative lookahead', '^(?!admin)\\w+$'],
    ['a lookbehind', '(?<=@)\\w+'],
  ])('%s (%s) is refused with the reason', (_name, pattern) => {
    expect(() => linearRegExp(pattern, 'u')).toThrow(UnsafePatternError)
    expect(() => linearRegExp(pattern, 'u')).toThrow(/cannot run on the linear-time engine/)
  })

  test('answers as ECMAScript does on the patterns both engines run', () => {
    // Patterns from a small grammar of what specs write (literals, classes, escapes, quantifiers,
    // alternation, groups, anchors), against strings over the same alphabet.
    const atom = fc.constantFrom(
      'a',
      'b',
      '-',
      '.',
      '[ab]',
      '[^a]',
      '\\d',
      '\\w',
      '\\s',
      '[a-c0-9]',
      '\\u0061',
    )
    const quantified = fc
      .tuple(atom, fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}'))
      .map(([a, q]) => a + q)
    const sequence = fc.array(quantified, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
    const pattern = fc
      .tuple(
        fc.constantFrom('', '^'),
        fc.array(sequence, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom('', '$'),
      )
      .map(([start, alternatives, grouped, end]) => {
        const body = alternatives.join('|')
        return `${start}${grouped ? `(${body})` : alternatives.length > 1 ? `(?:${body})` : body}${end}`
      })
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '-', ' ', '.', '_'), maxLength: 8 })
    fc.assert(
      fc.property(pattern, text, (source, input) => {
        expect(linearRegExp(source, 'u').test(input)).toBe(new RegExp(source, 'u').test(input))
      }),
      { numRuns: 500 },
    )
  })
})
