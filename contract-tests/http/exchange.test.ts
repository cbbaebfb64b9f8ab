// sendRequest against local servers (caps, failures told apart, the deadline) is tested in
// tests/contract/exchangeAgainstHostileServers.test.ts; here, with a fetch stand-in.
import { describe, expect, test } from '@jest/globals'
import { curlOf } from './curlOf.ts'
import { sendRequest } from './exchange.ts'

describe('curlOf', () => {
  test('redacts the bearer key and keeps everything needed to reproduce the request', () => {
    const line = curlOf(
      'POST',
      'http://127.0.0.1:4010/v1/pets',
      { authorization: 'Bearer s3cret-key', 'content-type': 'application/json' },
      `{"name":"O'Malley"}`,
    )
    expect(line).not.toContain('s3cret-key')
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:4010/v1/pets' -H "authorization: Bearer $PETSTORE_API_KEY" -H 'content-type: application/json' --data-raw '{"name":"O'\\''Malley"}'`,
    )
  })
})

describe('sendRequest', () => {
  test('a request that gets no answer in time becomes an exchange with status 0 and the reason', async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    const exchange = await sendRequest('http://target/v1', 'k', { method: 'GET', path: '/pets' }, 20, never)
    expect(exchange).toMatchObject({ status: 0, failure: 'timeout' })
    expect(exchange.error).toMatch(/^timed out: no complete response from target within 20 ms/)
    expect(exchange.curl).toContain("'http://target/v1/pets'")
  })

  test('sends the key, a wrong key or none, as asked', async () => {
    const seen: Array<string | null> = []
    const recording: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'))
      return new Response('[]', { headers: { 'content-type': 'application/json' } })
    }
    for (const auth of ['valid', 'wrong', 'none'] as const) {
      await sendRequest(
        'http://target/v1',
        'the-key',
        { method: 'GET', path: '/pets', auth },
        1000,
        recording,
      )
    }
    expect(seen[0]).toBe('Bearer the-key')
    expect(seen[1]).toMatch(/^Bearer (?!the-key)/)
    expect(seen[2]).toBeNull()
  })
})
