import { describe, expect, test } from '@jest/globals'
import { percentile } from './percentile.ts'

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1)
  test.each([
    ['median of four', [1, 2, 3, 4], 0.5, 2],
    ['p99 of 1..100', hundred, 0.99, 99],
    ['p100 is the maximum', hundred, 1, 100],
    ['p0 is the minimum', hundred, 0, 1],
    ['one sample', [7], 0.99, 7],
  ])('%s', (_name, sorted, q, want) => {
    expect(percentile(sorted, q)).toBe(want)
  })

  test('no samples give NaN, not 0', () => {
    expect(percentile([], 0.5)).toBeNaN()
  })
})
