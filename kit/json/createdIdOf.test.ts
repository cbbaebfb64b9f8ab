import { expect, test } from '@jest/globals'
import { createdIdOf } from './createdIdOf.ts'
import { exactJson, parseJsonLossless } from './exactJson.ts'

test.each([
  ['a number id', { id: 7, name: 'Rex' }, '7'],
  [
    'an int64 beyond 2^53, read exactly',
    exactJson(parseJsonLossless('{"id":9223372036854775807}')),
    '9223372036854775807',
  ],
  ['an id as a string', { id: '7' }, undefined],
  ['no id', { name: 'Rex' }, undefined],
  ['not an object', 'Rex', undefined],
  ['null', null, undefined],
  ['nothing', undefined, undefined],
])('createdIdOf: %s', (_what, body, id) => {
  expect(createdIdOf(body)).toBe(id)
})
