// What bash makes of these lines is tested in tests/contract/curlOfInBash.test.ts (it runs bash).
import { describe, expect, test } from '@jest/globals'
import { curlOf } from './curlOf.ts'

describe('curlOf', () => {
  test('a key-free header stays single-quoted and literal', () => {
    const line = curlOf(
      'GET',
      'http://h/v1/pets',
      { authorization: 'Bearer other-token' },
      undefined,
      'the-real-key',
    )
    expect(line).toContain(`-H 'authorization: Bearer other-token'`)
  })
})
