import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { requestOrigin } from './requestOrigin.ts'

describe('requestOrigin', () => {
  test.each([
    ['127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['localhost', 'http://localhost'],
    ['[::1]:4010', 'http://[::1]:4010'],
    ['Mock.Localhost:80', 'http://mock.localhost'],
  ])('%s is the origin %s', (host, origin) => {
    expect(requestOrigin(host)).toBe(origin)
  })

  test.each([
    undefined,
    '',
    'a b',
    'evil.example/x',
    'user@evil.example',
    'a?b',
    'a#b',
    'x:99999',
    '"x"',
    '[::1',
  ])('%s is no origin', (host) => {
    expect(requestOrigin(host)).toBeUndefined()
  })

  test('whatever the header, the answer is an http origin with no path, or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (host) => {
        const origin = requestOrigin(host)
        if (origin === undefined) return
        const url = new URL(origin)
        expect(url.origin).toBe(origin)
        expect(url.protocol).toBe('http:')
        expect(origin).not.toMatch(/[\s"'<>`\\]/)
      }),
    )
  })
})
