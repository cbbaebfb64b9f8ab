// The names gap_values_exact sends beyond a comfortable subset: drawn from Unicode's own tables and
// from the seed, each kind present, the same seed the same names; and a lost character is named.
import { describe, expect, test } from '@jest/globals'
import { codePointsWith, jsonStringEdges, nameDifference } from './jsonStringEdges.ts'

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

  test('is the same for the same seed and differs for another', () => {
    expect(jsonStringEdges(11)).toEqual(jsonStringEdges(11))
    expect(jsonStringEdges(12)).not.toEqual(jsonStringEdges(11))
  })

  test('the astral name is past 64 UTF-16 units and 255 UTF-8 bytes', () => {
    const astral = jsonStringEdges(3).find((edge) => edge.label.startsWith('65 astral'))?.text ?? ''
    expect([...astral]).toHaveLength(65)
    expect(astral.length).toBe(130)
    expect(Buffer.byteLength(astral)).toBe(260)
  })
})

describe('nameDifference', () => {
  test('names what was lost or gained by code point', () => {
    expect(nameDifference('Rex\u0000', 'Rex')).toBe('lost U+0000')
    expect(nameDifference('a\u{1f415}', 'a?')).toBe('lost U+1F415, gained U+003F')
    expect(nameDifference('ab', 'ba')).toBe('the same characters in another order')
  })
})
