import { describe, expect, test } from '@jest/globals'
import { dueCount } from './driveAtRate.ts'

describe('dueCount', () => {
  test.each([
    ['the first request is due at once', 0, 5000, 100, 1],
    ['one more every 1/rate s', 1, 5000, 100, 6],
    ['5,000 a second: a second in, 5,001 due', 1000, 5000, 100_000, 5001],
    ['never more than the count', 60_000, 5000, 25_000, 25_000],
    ['nothing before the start', -1, 5000, 100, 0],
  ])('%s', (_name, elapsedMs, rate, count, want) => {
    expect(dueCount(elapsedMs, rate, count)).toBe(want)
  })
})
