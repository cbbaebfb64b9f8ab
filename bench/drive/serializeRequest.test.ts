import { describe, expect, test } from '@jest/globals'
import { serializeRequest } from './serializeRequest.ts'

describe('serializeRequest', () => {
  test('a GET: request line, host, headers, blank line, nothing after', () => {
    const text = serializeRequest('127.0.0.1:9', {
      method: 'GET',
      path: '/v1/pets?limit=20',
      headers: { authorization: 'Bearer k' },
    }).toString()
    expect(text).toBe(
      'GET /v1/pets?limit=20 HTTP/1.1\r\nhost: 127.0.0.1:9\r\nauthorization: Bearer k\r\n\r\n',
    )
  })

  test('a body is counted in bytes, not characters', () => {
    const bytes = serializeRequest('h', { method: 'POST', path: '/v1/pets', body: '{"name":"Rèx"}' })
    const text = bytes.toString()
    expect(text).toContain('content-length: 15\r\n\r\n{"name":"Rèx"}')
    expect(text.endsWith('}')).toBe(true)
  })

  test('a header value with a line break is refused, never sent as two headers', () => {
    expect(() => serializeRequest('h', { headers: { 'x-mock-session': 'a\r\nx: y' } })).toThrow(/line break/)
  })
})
