import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { credentialValues } from './credentialValues.ts'
import { redactJsonFields } from './redactBody.ts'
import { redactQueryPairs } from './redactQueryPairs.ts'

describe('credentialValues', () => {
  test('finds query values and body fields under credential-like names, at any depth', () => {
    const body = JSON.stringify({
      name: 'Rex',
      client_secret: 'cs1',
      auth: { nested: ['t1', { x: 2 }] },
      deep: [[{ apiKey: 'k9' }]],
    })
    expect(
      credentialValues(
        [
          ['limit', '5'],
          ['%70assword', 'pw'],
        ],
        body,
      ).sort(),
    ).toEqual(['2', 'cs1', 'k9', 'pw', 't1'].sort())
    expect(credentialValues([], 'name=Rex&password=pw2')).toEqual(['pw2'])
    expect(credentialValues([], undefined)).toEqual([])
  })

  test('every string under a credential-like member is found, whatever surrounds it; never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1 }), fc.jsonValue(), (before, secret, after) => {
        const body = JSON.stringify({ before, wrapper: [{ refresh_token: secret }], after })
        expect(credentialValues([], body)).toContain(secret)
      }),
    )
    fc.assert(fc.property(fc.string(), (text) => Array.isArray(credentialValues([], text))))
  })

  test('a body nested 100,000 deep does not overflow the stack', () => {
    const deep = `${'{"a":'.repeat(100_000)}{"token":"t"}${'}'.repeat(100_000)}`
    expect(() => credentialValues([], deep)).not.toThrow()
  })
})

test('redactQueryPairs and redactJsonFields hide by name in free text, however short the value', () => {
  const curl = `curl -sS -X POST 'http://h/v1/pets?limit=5&sig=ab&status=sold' --data-raw '{"name":"Rex","password":"p"}'`
  expect(redactJsonFields(redactQueryPairs(curl))).toBe(
    `curl -sS -X POST 'http://h/v1/pets?limit=5&sig=***&status=sold' --data-raw '{"name":"Rex","password":"***"}'`,
  )
})
