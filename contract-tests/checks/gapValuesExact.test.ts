// What a finding of gap_values_exact says of a name kept wrongly: what it lost or gained, by character.
import { expect, test } from '@jest/globals'
import { nameDifference } from './gapValuesExact.ts'

test('nameDifference names what was lost or gained by code point', () => {
  expect(nameDifference('Rex\u0000', 'Rex')).toBe('lost U+0000')
  expect(nameDifference('a\u{1f415}', 'a?')).toBe('lost U+1F415, gained "?"')
  expect(nameDifference('ab', 'ba')).toBe('the same characters in another order')
})
