// The near-miss generator: derived by edits, seeded (a run replays), and what it always sends does not
// depend on the seed, so a fault those edits catch is caught on every seed.
import { describe, expect, test } from '@jest/globals'
import { exactInteger } from '../../kit/json/exactJson.ts'
import {
  codePointsWith,
  EDIT_CHARACTERS,
  enumNearMisses,
  integerEdges,
  integerSpellings,
  integersOutside,
  jsonStringEdges,
  nearMisses,
  targetNearMisses,
  textOf,
} from './nearMisses.ts'

const texts = (valid: string, seed: number, drawn = 0, everyPosition = true) =>
  nearMisses(valid, seed, drawn, everyPosition).map((miss) => textOf(miss.pieces, valid))

describe('nearMisses', () => {
  test('the same seed gives the same edits; another seed draws others', () => {
    expect(nearMisses('petstore-dev-key', 7, 50)).toEqual(nearMisses('petstore-dev-key', 7, 50))
    expect(texts('petstore-dev-key', 8, 50)).not.toEqual(texts('petstore-dev-key', 7, 50))
  })

  test('each text once, never the valid one, and `drawn` more than those always sent', () => {
    const all = texts('k3y-Key.9', 3, 100)
    expect(new Set(all).size).toBe(all.length)
    expect(all).not.toContain('k3y-Key.9')
    expect(all.length).toBe(texts('k3y-Key.9', 3).length + 100)
  })

  test.each([1, 2, 3, 4, 5])(
    'on seed %i: every position edited, every trimmed or dropped character at both ends',
    (seed) => {
      const key = 'abcDEF123'
      const all = texts(key, seed)
      for (let i = 0; i <= key.length; i++) {
        // Some character inserted at i, and (but at the end) the character at i deleted and replaced.
        expect(all.some((t) => t.length === key.length + 1 && t.slice(0, i) + t.slice(i + 1) === key)).toBe(
          true,
        )
        if (i === key.length) continue
        expect(all).toContain(key.slice(0, i) + key.slice(i + 1))
        expect(
          all.some(
            (t) =>
              t.length === key.length &&
              t !== key &&
              t.slice(0, i) + t.slice(i + 1) === key.slice(0, i) + key.slice(i + 1),
          ),
        ).toBe(true)
      }
      const { punctuation = '', 'non-ASCII white space': spaces = '', invisible = '' } = EDIT_CHARACTERS
      for (const char of [...punctuation, ...spaces, ...invisible])
        expect(all).toEqual(expect.arrayContaining([char + key, key + char]))
      expect(all).toEqual(
        expect.arrayContaining([
          'a',
          'abcD',
          'abcDEF12',
          'ABCDEF123',
          'abcdef123',
          'ABCdef123',
          'AbcDEF123',
          key + key,
          'bacDEF123',
        ]),
      )
    },
  )

  test('the pieces rebuild each text from slices of the valid one, so a secret can be rebuilt from a variable', () => {
    for (const miss of nearMisses('Sup3r-Key', 1, 30))
      for (const piece of miss.pieces)
        if (typeof piece === 'string') expect('Sup3r-Key'.includes(piece) && piece.length > 1).toBe(false)
  })
})

describe('enumNearMisses', () => {
  const allowed = ['available', 'pending', 'sold']
  test.each([1, 2, 3, 4, 5])(
    'on seed %i: none is allowed; white space at both ends, other cases, cuts of each value',
    (seed) => {
      const refused = enumNearMisses(allowed, seed).map((r) => r.text)
      expect(refused.filter((text) => allowed.includes(text))).toEqual([])
      for (const value of allowed)
        for (const char of ' \t\u00a0\u0085\u2003\u3000')
          expect(refused).toEqual(
            expect.arrayContaining([char + value, value + char, value.toUpperCase(), value.slice(0, -1)]),
          )
      expect(refused).toContain('Sold')
    },
  )
})

test('integersOutside: every integer edge below the minimum, above the maximum or beyond the format', () => {
  const limit = integersOutside({ format: 'int32', minimum: 1, maximum: 100 })
  expect(limit.map((r) => r.text)).toEqual(
    expect.arrayContaining(['0', '-1', '101', '2147483647', '2147483648', '-2147483649']),
  )
  expect(limit.find((r) => r.text === '2147483648')?.label).toBe('beyond int32')
  expect(limit.find((r) => r.text === '101')?.label).toBe('above its maximum 100')
  expect(integersOutside({ format: 'int64' }).map((r) => r.text)).toEqual([
    '9223372036854775808',
    '9223372036854775809',
    '-9223372036854775809',
  ])
  expect(integersOutside({})).toEqual([])
})

test('the edges: 0, ±1, and ±2^31, ±2^32, ±2^53, ±2^63 with their neighbours, named as read', () => {
  const edges = new Map(integerEdges().map((edge) => [edge.label, edge.value]))
  for (const [label, value] of [
    ['0', 0n],
    ['-1', -1n],
    ['2^31 - 1', 2n ** 31n - 1n],
    ['-2^31 - 1', -(2n ** 31n) - 1n],
    ['2^32 - 1', 2n ** 32n - 1n],
    ['2^53 + 1', 2n ** 53n + 1n],
    ['-2^63', -(2n ** 63n)],
    ['2^63', 2n ** 63n],
  ] as const)
    expect(edges.get(label)).toBe(value)
})

test.each([100n, 0n, -7n, 2n ** 53n + 1n, 2n ** 63n - 1n, -(2n ** 63n)])(
  'every spelling of %s is JSON and names it',
  (value) => {
    const spellings = integerSpellings(value)
    expect(spellings.map((s) => s.text)).not.toContain(String(value))
    for (const spelling of spellings) {
      expect(() => JSON.parse(spelling.text)).not.toThrow()
      expect(exactInteger(spelling.text)).toBe(value)
    }
  },
)

test('targetNearMisses: each segment edited, the base reached through dot segments, never the target itself', () => {
  const texts = targetNearMisses('/v1', '/pets/7').map((r) => r.text)
  expect(texts).toEqual(expect.arrayContaining(['/pets/7/', '/Pets/7', '/PETS/7', '//pets/7', '/pets/%37']))
  expect(texts).toEqual(expect.arrayContaining(['/../V1/pets/7', '/../%761/pets/7']))
  // What a client sends for each: the edit, resolved against the base URL (RFC 3986 §5.2.4).
  const sent = texts.map((text) => new URL(`http://h/v1${text}`).pathname)
  expect(sent).toContain('/V1/pets/7')
  expect(sent).not.toContain('/v1/pets/7')
  expect(new Set(texts).size).toBe(texts.length)
  expect(targetNearMisses('', '/pets').map((r) => r.text)).toEqual([
    '/pets/',
    '/PETS',
    '/Pets',
    '//pets',
    '/%70ets',
  ])
})

test('the spellings of 100 and of 0', () => {
  expect(integerSpellings(100n).map((s) => s.text)).toEqual(['100.0', '1.0e2', '1e2', '1E2'])
  expect(integerSpellings(0n).map((s) => s.text)).toEqual(expect.arrayContaining(['-0', '0.0', '0e0']))
})

describe('jsonStringEdges', () => {
  const text = jsonStringEdges(11)
    .map((edge) => edge.text)
    .join('')

  test('carries every control character, U+0000 included, and every bidirectional control', () => {
    const controls = codePointsWith('Cc')
    expect(controls).toHaveLength(65)
    for (const char of [...controls, ...codePointsWith('Bidi_Control')]) expect(text).toContain(char)
  })

  test('carries astral characters, combining marks, format characters and white space of every kind', () => {
    expect([...text].some((char) => (char.codePointAt(0) ?? 0) > 0xffff)).toBe(true)
    expect(/\p{Mn}/u.test(text)).toBe(true)
    expect(/[\p{Cf}--\p{Bidi_Control}]/v.test(text)).toBe(true)
    for (const char of codePointsWith('White_Space')) expect(text).toContain(char)
  })

  test('is the same for the same seed and differs for another; holds the statuses given', () => {
    expect(jsonStringEdges(11)).toEqual(jsonStringEdges(11))
    expect(jsonStringEdges(12)).not.toEqual(jsonStringEdges(11))
    expect(jsonStringEdges(1, ['sold']).map((edge) => edge.text)).toContain(' sold')
  })

  test('the astral name is past 64 UTF-16 units and 255 UTF-8 bytes', () => {
    const astral = jsonStringEdges(3).find((edge) => edge.label.startsWith('65 astral'))?.text ?? ''
    expect([...astral]).toHaveLength(65)
    expect(astral.length).toBe(130)
    expect(Buffer.byteLength(astral)).toBe(260)
  })
})
