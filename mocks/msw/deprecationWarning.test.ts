import { expect, test } from '@jest/globals'
import { deprecationWarning } from './handlers.ts'

test('the deprecation warning says only what the spec gives: a sunset, a successor, or neither', () => {
  const sunset = 'Mon, 30 Jun 2031 00:00:00 GMT'
  const link = '</v1/pets>; rel="successor-version"'
  expect(deprecationWarning('GET', '/v1/pets/1', { sunset, link })).toBe(
    `GET /v1/pets/1 is deprecated and is removed on ${sunset}; use ${link}.`,
  )
  expect(deprecationWarning('GET', '/v1/pets', { sunset })).toBe(
    `GET /v1/pets is deprecated and is removed on ${sunset}.`,
  )
  expect(deprecationWarning('GET', '/v1/pets', {})).toBe('GET /v1/pets is deprecated.')
})
