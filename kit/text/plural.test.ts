import { describe, expect, test } from '@jest/globals'
import { plural } from './plural.ts'

describe('plural', () => {
  const cases: Array<[string, { given: Parameters<typeof plural>; want: string }]> = [
    ['one takes the singular', { given: [1, 'pet'], want: '1 pet' }],
    ['zero takes the plural', { given: [0, 'pet'], want: '0 pets' }],
    ['many take the plural', { given: [2563, 'finding'], want: '2563 findings' }],
    ['an irregular plural', { given: [2, 'entry', 'entries'], want: '2 entries' }],
    ['an irregular singular', { given: [1, 'entry', 'entries'], want: '1 entry' }],
  ]
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(plural(...given)).toBe(want)
  })
})
