import { expect, test } from '@jest/globals'
import { describeNetworkError } from './describeNetworkError.ts'

test('a failure is said naming the host, and a URL fetch could not parse is named as given, not thrown over', () => {
  const refused = new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })
  expect(describeNetworkError(refused, 'http://127.0.0.1:9/v1/pets', 5_000, false)).toEqual({
    kind: 'refused',
    message: 'connection refused by 127.0.0.1:9 (ECONNREFUSED): nothing listens there',
  })
  const unparsed = new TypeError('Failed to parse URL from http://[::1:4010/v1/pets')
  const said = describeNetworkError(unparsed, 'http://[::1:4010/v1/pets', 5_000, false)
  expect(said.message).toContain('http://[::1:4010/v1/pets')
  const lookup = new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } })
  expect(describeNetworkError(lookup, 'http://[::1/v1', 5_000, false).message).toMatch(
    /^DNS lookup failed for http:\/\/\[::1\/v1 \(ENOTFOUND\)/,
  )
})
