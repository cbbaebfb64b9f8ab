import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { createRedactor, REDACTED } from './createRedactor.ts'

// Keys as issuers make them (letters, digits, punctuation), plus spaces and non-ASCII, 6 to 48 long.
const keyChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=:é ü',
)
const keys = fc.string({ unit: keyChar, minLength: 6, maxLength: 48 }).filter((k) => k.trim() === k)
const filler = fc.string({ unit: fc.constantFrom(...' ,;"{}[]<>\n'), maxLength: 12 })

const percentAll = (key: string, upper: boolean) =>
  [...Buffer.from(key)]
    .map((b) => `%${b.toString(16).padStart(2, '0')}`)
    .join('')
    [upper ? 'toUpperCase' : 'toLowerCase']()
const unicodeEscaped = (key: string) =>
  [...key].map((c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`).join('')
const mixedCase = (key: string) =>
  [...key].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')

/** Every way a hostile target may send the key back: each must be gone after redaction. */
const echoes: Array<[string, (key: string) => string]> = [
  ['as sent', (key) => `Bearer ${key}`],
  ['in another letter case', mixedCase],
  ['upper case', (key) => key.toUpperCase()],
  ['percent-encoded (encodeURIComponent)', encodeURIComponent],
  ['every byte percent-encoded, upper hex', (key) => percentAll(key, true)],
  ['every byte percent-encoded, lower hex', (key) => percentAll(key, false)],
  ['form-encoded', (key) => new URLSearchParams({ k: key }).toString().slice(2)],
  ['JSON \\u escapes', unicodeEscaped],
  ['base64', (key) => Buffer.from(key).toString('base64')],
  ['base64 of key:', (key) => Buffer.from(`${key}:`).toString('base64')],
  ['base64 of user:key (Basic)', (key) => Buffer.from(`user:${key}`).toString('base64')],
  ['base64 of a longer user:key', (key) => Buffer.from(`admin:${key}`).toString('base64')],
  ['base64url', (key) => Buffer.from(`u:${key}`).toString('base64url')],
  ['a cut key in base64', (key) => Buffer.from([...key].slice(1).join('')).toString('base64')],
  ['base64 inside a longer token', (key) => `tok.${Buffer.from(`{"k":"${key}"}`).toString('base64url')}.sig`],
  ['cut by one character', (key) => [...key].slice(0, -1).join('')],
  ['cut by a third', (key) => [...key].slice(0, Math.ceil(([...key].length * 2) / 3)).join('')],
  ['missing its first characters', (key) => [...key].slice(Math.floor([...key].length / 3)).join('')],
  ['with a prefix and a suffix', (key) => `xx${key}yy`],
]

describe('createRedactor hides the key in every form a target may echo', () => {
  test.each(echoes)('%s', (_name, encode) => {
    fc.assert(
      fc.property(keys, filler, filler, (key, before, after) => {
        const echoed = encode(key)
        const shown = createRedactor([key])(`${before}${echoed}${after}`)
        expect(shown).not.toContain(echoed)
        expect(shown.toLowerCase()).not.toContain(key.toLowerCase())
        expect(shown).toContain(REDACTED)
      }),
    )
  })

  test('an excerpt cut in the middle of the key shows no more than a third of it', () => {
    fc.assert(
      fc.property(keys, fc.integer({ min: 0, max: 100 }), (key, percent) => {
        const chars = [...key]
        const cut = Math.ceil((chars.length * percent) / 100)
        const head = createRedactor([key])(`message: ${chars.slice(0, cut).join('')}`)
        const tail = createRedactor([key])(`${chars.slice(cut).join('')} and more`)
        const third = Math.ceil(chars.length / 3)
        if (cut >= Math.max(4, third)) expect(head).toBe(`message: ${REDACTED}`)
        if (chars.length - cut >= Math.max(4, third)) expect(tail).toBe(`${REDACTED} and more`)
      }),
    )
  })

  test('text without the key is left as it is', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(createRedactor(['Zq7-Wv9-unguessable'])(text)).toBe(text)
      }),
    )
  })

  test('keys under four characters are hidden only where they stand alone (they would erase ordinary text)', () => {
    expect(createRedactor(['k'])('keep the key')).toBe('keep the key')
    expect(createRedactor(['k', 'a/b'])('Bearer K, /v1/%6b?x=k&y=a%2Fb')).toBe(
      'Bearer ***, /v1/***?x=***&y=***',
    )
  })

  test('hides the key and its encoded forms in a message, even encoded three times', () => {
    expect(createRedactor(['k 3y'])('token k 3y and k%203y, k+3y, k%2525203y')).toBe(
      'token *** and ***, ***, ***',
    )
  })
})
