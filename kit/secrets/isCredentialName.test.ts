import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { apiRequest } from '../http/ApiRequest.ts'
import { journalRecord, readJournalRecord } from '../journal/journalEntry.ts'
import { createRedactor } from './createRedactor.ts'
import { isCredentialName } from './isCredentialName.ts'
import { redactTarget } from './redactTarget.ts'

/** Credential names as apps send them (decisions/019-every-store-bounded.md). */
const NAMES = [
  'password',
  'pwd',
  'passwd',
  'token',
  'access_token',
  'jwt',
  'sig',
  'signature',
  'session',
  'code',
  'secret',
  'api_key',
  'key',
  'auth',
  'X-Amz-Signature',
  'refresh_token',
  'client_secret',
  'apiKey',
  'sessionId',
]

/** `name` in any case, each character percent-encoded or not (either hex case), the whole encoded once more or not. */
const spelled = (name: string) =>
  fc
    .tuple(
      fc.array(fc.constantFrom('lower', 'upper'), { minLength: name.length, maxLength: name.length }),
      fc.array(fc.constantFrom('plain', 'HEX', 'hex'), { minLength: name.length, maxLength: name.length }),
      fc.boolean(),
    )
    .map(([cases, encodings, twice]) => {
      const text = [...name]
        .map((char, i) => {
          const cased = cases[i] === 'upper' ? char.toUpperCase() : char.toLowerCase()
          const hex = cased.charCodeAt(0).toString(16).padStart(2, '0')
          if (encodings[i] === 'plain') return cased
          return `%${encodings[i] === 'HEX' ? hex.toUpperCase() : hex}`
        })
        .join('')
      return twice ? text.replaceAll('%', '%25') : text
    })

const credentialName = fc.constantFrom(...NAMES).chain(spelled)
/** A value no other part of the URL holds by chance. */
const secretValue = fc.stringMatching(/^[A-Za-z0-9]{8,16}$/).map((text) => `zq${text}`)

describe('isCredentialName', () => {
  test('every credential-looking name is one, in any case and any percent-encoding', () => {
    fc.assert(fc.property(credentialName, (name) => isCredentialName(name)))
  })

  test('the API’s own parameters are not', () => {
    for (const name of ['limit', 'status', 'name', 'categoryId', 'id'])
      expect(isCredentialName(name)).toBe(false)
  })

  test('the log and the journal hide the value of every such name, anywhere in the query', () => {
    fc.assert(
      fc.property(credentialName, secretValue, fc.nat(3), (name, value, position) => {
        const parts = ['limit=5', 'status=sold', 'q=x']
        parts.splice(position, 0, `${name}=${value}`)
        const url = `/v1/pets?${parts.join('&')}`
        expect(redactTarget(url)).not.toContain(value)
        const entry = readJournalRecord(
          journalRecord(
            { request: apiRequest({ method: 'GET', target: url }), status: 200, operation: 'listPets' },
            createRedactor([]),
          ),
          createRedactor([]),
        )
        expect(JSON.stringify(entry)).not.toContain(value)
        expect(entry.query.limit).toBe('5')
      }),
    )
  })
})
