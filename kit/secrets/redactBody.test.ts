// Which `code` the journal shows (decisions/038-error-codes-shown.md): an error answer's identifier
// (`"not_found"`) in a JSON member named exactly `code`, and nothing else. What real traffic carries
// under such names (OAuth's codes in redirects, token requests and JSON, device flow's codes, random
// hex and base64url, one-time numbers, nested values) stays `***` in every place the journal keeps.
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { exchangeOf, type FlatExchange } from '../../tests/support/journalExchange.ts'
import { journalRecord, readJournalRecord } from '../journal/journalEntry.ts'
import { createRedactor } from './createRedactor.ts'
import { redactBody } from './redactBody.ts'

const KEY = 'petstore-dev-key'
const redact = createRedactor([KEY])
const none = createRedactor([])
const read = (exchange: FlatExchange) =>
  readJournalRecord(journalRecord(exchangeOf(exchange), redact, 0), redact)

/** Random bytes as a credential is minted (RFC 6749 §10.10: 128 bits or more), in the text forms apps send. */
const bytes = fc.uint8Array({ minLength: 16, maxLength: 64 }).map((array) => Buffer.from(array))
const credentialString = fc.oneof(
  bytes.map((buffer) => buffer.toString('base64url')),
  bytes.map((buffer) => buffer.toString('base64')),
  bytes.map((buffer) => buffer.toString('hex')),
  fc.constant('SplxlOBeZQQYbYS6WxSbIA'), // RFC 6749 §4.1.2's authorisation code
  fc.constant('WDJB-MJHT'), // RFC 8628 §3.2's user_code
  fc.integer({ min: 0, max: 999_999 }).map((otp) => String(otp).padStart(6, '0')),
  // Mixed case with digits, whatever else it holds.
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.stringMatching(/^[A-Z][0-9]$/), fc.string({ maxLength: 20 }))
    .map((parts) => parts.join('')),
  // Longer than any identifier shown, even one of lower-case words.
  fc.stringMatching(/^[a-z_]{33,80}$/),
)
/** Any JSON value a credential may be: a string, a number, or a nested object or array holding one. */
const credentialValue: fc.Arbitrary<unknown> = fc.oneof(
  credentialString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  credentialString.map((secret) => ({ value: secret, nested: [secret] })),
  credentialString.map((secret) => [secret, { code: 'not_found' }]),
  fc.constantFrom(null, true),
)
/** An identifier of the shape the document's Error examples use (`not_found`): shown in an error answer. */
const identifier = fc.stringMatching(/^[a-z]{1,10}(_[a-z]{1,10}){0,3}$/).filter((code) => code.length <= 32)
/** Names that hold a code: OAuth's, device flow's, and `code` spelled as no parser reads `code`. */
const codeName = fc.constantFrom(
  'code',
  'device_code',
  'user_code',
  'auth_code',
  'authorization_code',
  'Code',
  'CODE',
  '%63ode',
  'c%6Fde',
  'code ',
)
const errorStatus = fc.integer({ min: 400, max: 599 })
const anyStatus = fc.integer({ min: 100, max: 599 })
/** Every string and number a value holds, at any depth: what must not appear in what is shown. */
const leaves = (value: unknown): string[] =>
  typeof value === 'string' || typeof value === 'number'
    ? [String(value)]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(leaves)
      : []

describe('redactBody: an error answer shows its code, and only that', () => {
  test('a credential-like value under a code name stays *** in a query, a form, a JSON request and a JSON answer of any status', () => {
    fc.assert(
      fc.property(codeName, credentialString, anyStatus, (name, secret, status) => {
        const target = `/v1/pets?limit=5&${name}=${encodeURIComponent(secret)}`
        const form = `grant_type=authorization_code&${name}=${encodeURIComponent(secret)}`
        const json = JSON.stringify({ grant_type: 'authorization_code', [name]: secret })
        for (const exchange of [
          { url: target },
          { url: '/v1/pets', body: form },
          { url: '/v1/pets', body: json },
          { url: '/v1/pets', responseBody: json },
          { url: '/v1/pets', responseBody: form },
        ]) {
          // The time left out: a short random value could match a piece of it by chance.
          const shown = JSON.stringify({
            ...read({ method: 'POST', status, operation: 'createPet', ...exchange }),
            time: '',
          })
          expect(shown).not.toContain(secret)
          expect(shown).not.toContain(encodeURIComponent(secret))
        }
      }),
    )
  })

  test('any value under `code` that is no identifier, nested objects and arrays included, is *** in an error answer', () => {
    fc.assert(
      fc.property(credentialValue, errorStatus, (value, status) => {
        const body = { message: 'm', code: value, status }
        const shown = redactBody(JSON.stringify(body), none, status)
        expect(JSON.parse(shown)).toEqual({ ...body, code: '***' })
        for (const leaf of leaves(value).filter((text) => text.length > 3)) expect(shown).not.toContain(leaf)
      }),
    )
  })

  test('an identifier under `code` is shown in an error answer, at any depth, and hidden everywhere else', () => {
    fc.assert(
      fc.property(identifier, errorStatus, fc.integer({ min: 100, max: 399 }), (code, failed, fine) => {
        const error = JSON.stringify({ code, message: 'Why.', status: failed })
        const nested = JSON.stringify({ errors: [{ code, field: 'name' }] })
        expect(
          read({
            method: 'GET',
            url: '/v1/pets',
            status: failed,
            operation: 'listPets',
            responseBody: error,
          }),
        ).toMatchObject({ responseBody: error })
        expect(redactBody(nested, none, failed)).toBe(nested)
        // Not in a successful answer, not in a request body (where OAuth's codes travel), not in a form.
        const hidden = `{"code":"***","message":"Why.","status":${failed}}`
        expect(redactBody(error, none, fine)).toBe(hidden)
        expect(redactBody(error, none)).toBe(hidden)
        expect(redactBody(`code=${code}`, none, failed)).toBe('code=***')
        // Nor under any other name that holds a code.
        expect(redactBody(JSON.stringify({ device_code: code }), none, failed)).toBe('{"device_code":"***"}')
      }),
    )
  })

  test('the shape is exact: a letter too many, a digit, a capital, a doubled or outer `_`, an escape are ***', () => {
    const shown = (code: string) =>
      redactBody(`{"code":${JSON.stringify(code)},"status":404}`, none, 404) !== '{"code":"***","status":404}'
    expect(['not_found', 'unauthorized', 'x', 'a'.repeat(32)].filter(shown)).toHaveLength(4)
    for (const code of ['a'.repeat(33), 'http_404', 'Not_found', 'not__found', '_x', 'x_', 'not-found', ''])
      expect(shown(code)).toBe(false)
    // A name spelled with an escape is another spelling: hidden, as any credential-like name is.
    expect(redactBody('{"\\u0063ode":"not_found"}', none, 404)).toBe('{"\\u0063ode":"***"}')
    // A value the journal cut mid-string has no closing quote: hidden to its end.
    expect(redactBody('{"code":"not_fou', none, 404)).toBe('{"code":"***"')
  })

  test('an accepted key is hidden even where it has an identifier’s shape', () => {
    expect(redactBody('{"code":"dev_key_one","status":401}', createRedactor(['dev_key_one']), 401)).toBe(
      '{"code":"***","status":401}',
    )
  })
})
