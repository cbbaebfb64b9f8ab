// The authentication negatives are derived from the key and the scheme by edits: none of them may be a
// valid credential (that would fail a conforming server), and the curl form never holds the key. What
// bash makes of the curl form is tested in tests/contract/authVariantsInBash.test.ts (it runs bash).
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { authVariants } from './authVariants.ts'

/**
 * What a correct server accepts (RFC 9110 sections 5.3, 5.5, 11.1; RFC 6750 section 2.1): one line whose
 * value, or one element of it split at commas, is the scheme in any case, one or more spaces, and the
 * key, with SP or HTAB around it (U+00A0 is no white space of HTTP's).
 */
const accepts = (lines: string[], key: string) =>
  lines.length === 1 &&
  (lines[0] ?? '').split(',').some((element) => /^[ \t]*bearer +([^ \t]*)[ \t]*$/i.exec(element)?.[1] === key)

describe('authVariants', () => {
  test('a variant is the valid credential exactly when its reading says so, whatever the key (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,40}=*$/), fc.nat(), (key, seed) => {
        for (const variant of authVariants(key, 'bearer', seed, 20))
          expect([
            variant.label,
            accepts(
              variant.lines.map((line) => line.value),
              key,
            ),
          ]).toEqual([variant.label, variant.reading === 'valid'])
      }),
      { numRuns: 50 },
    )
  })

  test('the curl form holds $PETSTORE_API_KEY, never the key, nor a long piece of it', () => {
    const key = 'Sup3r-Secret-Key'
    for (const variant of authVariants(key, 'bearer', 3, 100))
      for (const line of variant.lines) expect(line.shown).not.toMatch(/Sup3r|Secret|t-Key/)
  })

  test('hundreds of distinct credentials, the same for the same seed, sent as bytes', () => {
    const drawn = authVariants('petstore-dev-key', 'bearer', 11, 240)
    expect(drawn.length).toBeGreaterThan(300)
    expect(new Set(drawn.map((v) => JSON.stringify([v.lines, v.headers, v.query]))).size).toBe(drawn.length)
    expect(drawn).toEqual(authVariants('petstore-dev-key', 'bearer', 11, 240))
    for (const variant of drawn)
      for (const line of variant.lines) expect(line.value).toMatch(/^[\t\x20-\x7e\x80-\xff]*$/)
  })

  test('the forms that are no edit, and each kind of edit, are there', () => {
    const all = authVariants('abcDEF123', 'bearer')
    const labels = all.filter((variant) => !variant.reading).map((variant) => variant.label)
    for (const expected of [
      'no Authorization header',
      'an empty Authorization header',
      'Bearer with no token',
      'Basic with the key',
      'Basic with base64(key:)',
      'Token with the key',
      'the bare key with no scheme',
      'the key "=" inserted at the end',
      'the key U+FEFF inserted at the start',
      'the key character 1 deleted',
      'the key cut to 8 of 9 characters',
      'the key cut to 4 of 9 characters',
      'the key in upper case',
      'the key in lower case',
      'the key twice',
      'the scheme cut to 5 of 6 characters',
      'nothing between scheme and key',
      'a second word after the key',
      'no Authorization header, the key in the query (api_key=)',
      'a second Authorization header after the valid one',
    ])
      expect(labels).toContain(expected)
    // Not negatives: the scheme in another case, white space HTTP trims, two spaces before the key.
    const reading = (how: string) => all.filter((v) => v.reading === how).map((v) => v.label)
    // The key in other white space: a recipient may recover it (RFC 9110 section 2.2), so not required either way.
    expect(reading('lenient')).toEqual(
      expect.arrayContaining([
        'the key U+00A0 inserted at the end',
        'the key U+0009 inserted at the start',
        'U+00A0 between scheme and key',
      ]),
    )
    expect(reading('valid')).toEqual(
      expect.arrayContaining([
        'the scheme in lower case',
        'the scheme in upper case',
        'the key U+0020 inserted at the end',
        'the key U+0020 inserted at the start',
        'the key U+0009 inserted at the end',
      ]),
    )
  })

  test('a key with no letters has no other letter case; the scheme comes from the spec', () => {
    expect(authVariants('12345678', 'bearer').map((v) => v.label)).not.toContain('the key in upper case')
    expect(authVariants('k3y', 'token').map((v) => v.label)).toContain('Token with no token')
  })
})
