import { describe, expect, test } from '@jest/globals'
import { DEFAULT_DEADLINE_MS, defaultDeadlineFor } from './deadline.ts'

describe('defaultDeadlineFor', () => {
  test('a time budget widens the default deadline by its search and its shrinking', () => {
    expect(defaultDeadlineFor({ ms: 600_000 })).toBe(DEFAULT_DEADLINE_MS + 1_200_000)
    expect(defaultDeadlineFor({ ms: 4_000 })).toBe(DEFAULT_DEADLINE_MS + 8_000)
  })
  test('a budget in runs has no known length and leaves the default', () => {
    expect(defaultDeadlineFor({ runs: 500 })).toBe(DEFAULT_DEADLINE_MS)
  })
})
