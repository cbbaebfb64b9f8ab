// Every spec pattern runs on RE2 exactly as ECMAScript would read it, or is refused with the construct and
// the reason (docs/spec-as-input.md). A named backreference was accepted and run as the text "k<x>".
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { RE2JS } from 're2js'
import { propertySet } from './codePointSet.ts'
import { SPACE, translatePattern } from './translatePattern.ts'
import { UnsafePatternError } from './UnsafePatternError.ts'

const onRe2 = (source: string) => RE2JS.compile(translatePattern(source).re2)

describe('translatePattern', () => {
  test.each([
    ['a backreference', '(a)\\1', 'a backreference \\1'],
    [
      'a named backreference, which RE2 read as the text "k<x>"',
      '(?<x>a)\\k<x>',
      'a named backreference \\k<x>',
    ],
    ['a lookahead', '^(?=.*\\d)\\w+$', 'a lookahead (?=…)'],
    ['a negative lookahead', '^(?!admin)\\w+$', 'a lookahead (?!…)'],
    ['a lookbehind', '(?<=@)\\w+', 'a lookbehind (?<=…)'],
    ['a negative lookbehind', '(?<!@)\\w+', 'a lookbehind (?<!…)'],
    ['a case-insensitive group', '(?i:abc)', 'an inline modifier (?i:…)'],
    ['a dot-all group', '(?s:a.b)', 'an inline modifier (?s:…)'],
    ['a multiline group', '(?m:^a$)', 'an inline modifier (?m:…)'],
    ['a modifier turned off', '(?-i:a)', 'an inline modifier (?-i:…)'],
    ['a repeat count above RE2 limit', 'a{1001}', 'a repeat count above 1000'],
  ])('%s is refused at translation: %s', (_name, source, construct) => {
    expect(() => translatePattern(source)).toThrow(UnsafePatternError)
    expect(() => translatePattern(source)).toThrow(`cannot run on the linear-time engine: ${construct} (`)
  })

  test.each([
    ['a possessive quantifier', 'a*+'],
    ['an atomic group', '(?>a)'],
    ["RE2's named group", '(?P<x>a)'],
    ["RE2's one-letter property", '\\pL'],
    ['a POSIX class', '[[:alpha:]]'],
    ['a script RE2 names bare but ECMAScript does not', '\\p{Greek}'],
    ['a property of strings (the v flag only)', '\\p{RGI_Emoji}'],
    ["the v flag's class subtraction", '[\\w--\\d]'],
    ['a quote sequence', '\\Qa.b\\E'],
  ])('%s, RE2 syntax but not ECMAScript, is refused', (_name, source) => {
    expect(() => translatePattern(source)).toThrow(/is not an ECMAScript regular expression/)
  })

  test.each([
    ['. stops at \\r and U+2028 as well as \\n', '^a.b$', ['a\rb', 'a\u2028b', 'a\nb', 'a-b']],
    ['\\s holds \\v and Unicode spaces', '^\\s$', ['\v', '\u00a0', '\u3000', '\ufeff', 'x']],
    ['\\S is the rest', '^\\S$', ['\v', 'x', '\u{1F600}']],
    ['[^] is any code point and [] none', '^[^][]?$', ['a', '\n', '\u{1F600}', '']],
    ['\\p{…} is what V8 reads', '^\\p{Script=Greek}\\P{L}$', ['Ω1', 'ΩΩ', 'a1']],
    ['a surrogate pair escape is one code point', '^\\uD83D\\uDE00$', ['\u{1F600}', '\uD83D']],
    ['[\\b] is the backspace', '^[\\b]$', ['\b', 'b']],
    ['a lone surrogate in the value is a code point', '^.$', ['\uD800', '\uDC00x']],
    ['$ is the end of the text only', '^a$', ['a', 'a\n']],
    ['\\b looks at ASCII word characters', 'a\\b', ['a é', 'aé', 'ab']],
  ])('%s', (_name, source, inputs) => {
    const re2 = onRe2(source)
    for (const input of inputs)
      expect([input, re2.test(input)]).toStrictEqual([input, new RegExp(source, 'u').test(input)])
  })

  test("SPACE is exactly ECMAScript's \\s", () => {
    const ecma = /^\s$/u
    const fromV8: number[] = []
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++)
      if (ecma.test(String.fromCodePoint(codePoint))) fromV8.push(codePoint)
    const ours = SPACE.flatMap(([low, high]) => Array.from({ length: high - low + 1 }, (_, i) => low + i))
    expect(ours).toStrictEqual(fromV8)
  })

  test('a property set holds exactly the code points V8 gives the property', () => {
    const set = propertySet('Script=Greek')
    const ecma = /^\p{Script=Greek}$/u
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += codePoint < 0x3000 ? 1 : 97) {
      const inSet = set.some(([low, high]) => codePoint >= low && codePoint <= high)
      if (inSet !== ecma.test(String.fromCodePoint(codePoint))) expect(codePoint.toString(16)).toBe('agreed')
    }
  })

  test('answers as ECMAScript does on generated patterns and values', () => {
    // Patterns from a grammar of every construct the translation spells out, against values over an
    // alphabet where the two engines' defaults differ (line terminators, Unicode spaces, astral and
    // lone surrogate code points).
    const atom = fc.constantFrom(
      'a',
      'b',
      '-',
      '.',
      '\\.',
      '[ab]',
      '[^a]',
      '[a-c0-9]',
      '[\\s\\d]',
      '[^\\S]',
      '[\\b]',
      '[^]',
      '[-a]',
      '\\d',
      '\\D',
      '\\w',
      '\\W',
      '\\s',
      '\\S',
      '\\u0061',
      '\\x62',
      '\\u{1F600}',
      '\\uD83D\\uDE00',
      '😀',
      '\\p{L}',
      '\\P{L}',
      '\\p{Lu}',
      '\\p{Script=Greek}',
      '\\p{White_Space}',
      '\\cJ',
      '\\v',
      '\\n',
      '\\/',
    )
    const quantified = fc
      .tuple(atom, fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?', '{1,2}?'))
      .map(([a, q]) => a + q)
    const sequence = fc
      .tuple(fc.constantFrom('', '\\b', '\\B'), fc.array(quantified, { minLength: 1, maxLength: 4 }))
      .map(([assertion, parts]) => assertion + parts.join(''))
    const pattern = fc
      .tuple(
        fc.constantFrom('', '^'),
        fc.array(sequence, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('', '(', '(?:', '(?<g>'),
        fc.constantFrom('', '$'),
        fc.constantFrom('', '*', '{2}'),
      )
      .map(([start, alternatives, group, end, repeat]) => {
        const body = alternatives.join('|')
        return group === '' ? `${start}(?:${body})${end}` : `${start}${group}${body})${repeat}${end}`
      })
    const text = fc.string({
      unit: fc.constantFrom(
        'a',
        'b',
        'A',
        '1',
        '-',
        ' ',
        '.',
        '_',
        '\n',
        '\r',
        '\u2028',
        '\v',
        '\u00a0',
        'Ω',
        'é',
        '😀',
        '\uD800',
        '\b',
      ),
      maxLength: 8,
    })
    fc.assert(
      fc.property(pattern, text, (source, input) => {
        expect(onRe2(source).test(input)).toBe(new RegExp(source, 'u').test(input))
      }),
      { numRuns: 2000 },
    )
  })
})
