import { describe, expect, test } from '@jest/globals'
import { checkBearer } from './checkBearer.ts'

const KEYS = ['first-key', 'second-key']

describe('checkBearer', () => {
  test.each([
    ['Bearer first-key', 'ok'],
    ['Bearer second-key', 'ok'],
    ['bearer first-key', 'ok'],
    ['BEARER   first-key', 'ok'],
    ['  Bearer first-key  ', 'ok'],
    [undefined, 'missing'],
    ['', 'missing'],
    ['   ', 'missing'],
    ['Bearer', 'malformed'],
    ['Bearer ', 'malformed'],
    ['Basic first-key', 'malformed'],
    ['first-key', 'malformed'],
    ['Bearer first-key, Bearer second-key', 'malformed'],
    ['Bearer first key', 'malformed'],
    ['Bearer first-keyX', 'wrong_key'],
    ['Bearer first-ke', 'wrong_key'],
    ['Bearer FIRST-KEY', 'wrong_key'],
    [`Bearer ${'a'.repeat(10_000)}`, 'wrong_key'],
  ] as const)('%j is %s', (header, verdict) => {
    expect(checkBearer(header, KEYS)).toBe(verdict)
  })
})
