// The authentication negatives are derived from the key and the scheme: none of them may be a valid
// credential (that would fail a conforming server), and the curl form never holds the key. What bash
// makes of the curl form is tested in tests/contract/authVariantsInBash.test.ts (it runs bash).
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { authVariants } from './authVariants.ts'

/** What a correct server accepts: one line, the scheme in any case, one or more spaces, the key. */
const accepts = (lines: string[], key: string) =>
  lines.length === 1 && /^bearer +(.*)$/i.exec(lines[0]?.trim() ?? '')?.[1] === key

describe('authVariants', () => {
  test('no variant is a valid credential, whatever the key (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,40}=*$/), (key) => {
        for (const variant of authVariants(key, 'bearer')) {
          expect(
            accepts(
              variant.lines.map((line) => line.value),
              key,
            ),
          ).toBe(false)
        }
      }),
    )
  })

  test('the curl form holds $PETSTORE_API_KEY, never the key', () => {
    const key = 'Sup3r-Secret-Key'
    for (const variant of authVariants(key, 'bearer')) {
      for (const line of variant.lines) expect(line.shown).not.toContain(key)
    }
  })

  test('what the brief lists is there: empty token, other schemes, bare, prefix, suffix, truncated, case, space, second header', () => {
    const labels = authVariants('abcDEF123', 'bearer').map((variant) => variant.label)
    for (const expected of [
      'no Authorization header',
      'an empty Authorization header',
      'Bearer with no token',
      'Basic with the key',
      'Basic with base64(key:)',
      'Token with the key',
      'the bare key with no scheme',
      'the key with a prefix',
      'the key with a suffix',
      'the key without its last character',
      'the key in upper case',
      'the key in lower case',
      'the key with a space inside',
      'the scheme with a prefix (xBearer)',
      'the key followed by a second word',
      'a second Authorization header after the valid one',
    ])
      expect(labels).toContain(expected)
  })

  test('a key with no letters has no other letter case; the scheme comes from the spec', () => {
    expect(authVariants('12345678', 'bearer').map((v) => v.label)).not.toContain('the key in upper case')
    expect(authVariants('k3y', 'token').map((v) => v.label)).toContain('Token with no token')
  })
})
