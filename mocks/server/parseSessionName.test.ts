import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { DEFAULT_SESSION, MAX_SESSION_NAME_LENGTH, parseSessionName } from './parseSessionName.ts'

const visible = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code))
const goodName = fc
  .array(visible, { minLength: 1, maxLength: MAX_SESSION_NAME_LENGTH })
  .map((chars) => chars.join(''))

describe('parseSessionName', () => {
  test('no header is the default session', () => {
    expect(parseSessionName(undefined)).toBe(DEFAULT_SESSION)
  })

  test('any 1 to 64 visible ASCII characters name a session, as given', () => {
    fc.assert(fc.property(goodName, (name) => parseSessionName(name) === name))
  })

  test.each([
    ['empty', ''],
    ['too long', 'a'.repeat(MAX_SESSION_NAME_LENGTH + 1)],
    ['a space (a repeated header, joined)', 'one, two'],
    ['a tab', 'a\tb'],
    ['a control character', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['non-ASCII (obs-text as node:http gives it)', 'caf\u00e9'],
  ])('%s is a 400 Error body naming the header and the rule', (_name, value) => {
    const result = parseSessionName(value)
    expect(result).toMatchObject({ status: 400, body: { code: 'invalid_parameter', status: 400 } })
    expect(JSON.stringify(result)).toMatch(/X-Mock-Session must be 1 to 64 visible ASCII characters/)
  })

  test('a name with any character outside visible ASCII is refused, wherever it sits', () => {
    const bad = fc.oneof(
      fc.integer({ min: 0, max: 0x20 }),
      fc.integer({ min: 0x7f, max: 0xffff }).filter((code) => code < 0xd800 || code > 0xdfff),
    )
    fc.assert(
      fc.property(goodName, bad, fc.nat(), (name, code, at) => {
        const index = at % (name.length + 1)
        const value = (name.slice(0, index) + String.fromCharCode(code) + name.slice(index)).slice(0, 64)
        return typeof parseSessionName(value) !== 'string' || !value.includes(String.fromCharCode(code))
      }),
    )
  })

  test('the message clips a long name, so the answer stays small', () => {
    const result = parseSessionName('x'.repeat(10_000))
    expect(JSON.stringify(result).length).toBeLessThan(400)
  })
})
