import { describe, expect, test } from '@jest/globals'
import { findingMessage, worded } from './findingMessage.ts'

const parts = { received: '422 with an Error body', expected: 'one of 200, 400, 401' }

describe('findingMessage: "Documented:" only for the document’s own rules', () => {
  test('a required check cites the document', () => {
    expect(findingMessage(parts, 'required')).toBe(
      'Received: 422 with an Error body\nDocumented: one of 200, 400, 401',
    )
  })

  test('a recommended check recommends, and says why', () => {
    const message = findingMessage(parts, 'recommended', '§7 does not show the answer')
    expect(message).toBe(
      'Received: 422 with an Error body\nRecommended: one of 200, 400, 401\nWhy recommended: §7 does not show the answer',
    )
    expect(message).not.toContain('Documented')
  })

  test('without a level (a check run by hand) it claims neither', () => {
    expect(findingMessage(parts)).toBe('Received: 422 with an Error body\nExpected: one of 200, 400, 401')
  })

  test('worded() rewords a comparison and keeps a finding that is a sentence of its own', () => {
    const comparison = { operation: 'listPets' as const, ...parts, message: 'x', curl: 'curl' }
    expect(worded(comparison, { level: 'recommended', because: 'RFC 9110' }).message).toMatch(
      /^Received: .*\nRecommended: .*\nWhy recommended: RFC 9110$/,
    )
    const sentence = { operation: 'listPets' as const, message: 'The check could not finish: boom', curl: '' }
    expect(worded(sentence, { level: 'required' })).toBe(sentence)
  })
})
