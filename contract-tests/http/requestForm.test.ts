import { describe, expect, test } from '@jest/globals'
import {
  DEFAULT_FORM,
  describeForm,
  FORM_DIMENSIONS,
  formDrawer,
  formFor,
  type RequestForm,
  spelledJson,
  spelledTarget,
} from './requestForm.ts'
import { reproduceLine, wireRequests } from './wireRequests.ts'

const post = { method: 'POST', path: '/pets', body: '{"name":"Rex 😀","categoryId":9007199254740993}' }
const form = (change: Partial<RequestForm>): RequestForm => ({ ...DEFAULT_FORM, ...change })

describe('the JSON spellings keep the value (RFC 8259)', () => {
  test.each(['spaced', 'reversed', 'escaped'] as const)('%s', (json) => {
    const spelled = spelledJson(post.body, json)
    expect(spelled).not.toBe(post.body)
    // Exact: the int64 beyond 2^53 keeps its digits, the astral character is one surrogate pair.
    expect(spelled).toContain('9007199254740993')
    expect(JSON.parse(spelled)).toEqual(JSON.parse(post.body))
  })

  test('escapes every string character, an astral one as its surrogate pair', () => {
    expect(spelledJson('{"a":"😀"}', 'escaped')).toBe('{"\\u0061":"\\ud83d\\ude00"}')
  })

  test('leaves alone what is not JSON, and an object whose member order decides its value', () => {
    expect(spelledJson('{"name":', 'spaced')).toBe('{"name":')
    expect(spelledJson('{"a":1,"a":2}', 'reversed')).toBe('{"a":1,"a":2}')
    expect(spelledJson('{"a":{"b":1,"c":[2,3]},"d":4}', 'reversed')).toBe('{"d":4,"a":{"b":1,"c":[2,3]}}')
  })
})

test('the query is percent-encoded in either hex case, what was encoded stays, the path does not change', () => {
  expect(spelledTarget('/pets?limit=5&status=a%2Bb', 'upper')).toBe(
    '/pets?%6C%69%6D%69%74=%35&%73%74%61%74%75%73=%61%2B%62',
  )
  expect(spelledTarget('/pets/7?x=Z', 'lower')).toBe('/pets/7?%78=%5a')
  expect(spelledTarget('/pets/7', 'upper')).toBe('/pets/7')
})

test('a form keeps only what applies to the request', () => {
  const get = { method: 'GET', path: '/pets' }
  expect(formFor(form({ framing: 'chunked', json: 'escaped', query: 'upper' }), get)).toEqual(DEFAULT_FORM)
  expect(formFor(form({ head: 'before' }), post).head).toBe('')
  // HTTP/1.0 has no chunked body nor Expect; pipelining needs a connection that persists.
  expect(formFor(form({ version: '1.0', framing: 'chunked', expect: '100-continue' }), post)).toEqual(
    form({ version: '1.0' }),
  )
  expect(formFor(form({ version: '1.0', head: 'pipelined' }), get).head).toBe('before')
  expect(formFor(form({ connection: 'close', head: 'pipelined' }), get).head).toBe('before')
})

test('a seed draws the same forms again; about half of them the default, the others every dimension', () => {
  const drawn = (seed: number, request: typeof post | { method: string; path: string }) => {
    const draw = formDrawer(seed)
    return Array.from({ length: 2_000 }, () => draw(request))
  }
  expect(drawn(7, post)).toEqual(drawn(7, post))
  expect(drawn(7, post)).not.toEqual(drawn(8, post))
  const defaults = drawn(7, post).filter((f) => describeForm(f) === undefined).length
  expect(defaults).toBeGreaterThan(800)
  expect(defaults).toBeLessThan(1_200)
  const all = [...drawn(7, post), ...drawn(7, { method: 'GET', path: '/pets?limit=1' })]
  for (const dimension of Object.keys(FORM_DIMENSIONS) as Array<keyof RequestForm>)
    for (const value of FORM_DIMENSIONS[dimension]) expect(all.some((f) => f[dimension] === value)).toBe(true)
})

describe('the bytes of a form (RFC 9112)', () => {
  const url = new URL('http://h:8/v1/pets?limit=1')
  const fields = [['authorization', 'Bearer k']] as const

  test('the default form: Host first, Content-Length, one piece', () => {
    const [request] = wireRequests('POST', url, fields, 'abcdef', DEFAULT_FORM)
    expect(request?.head).toBe(
      'POST /v1/pets?limit=1 HTTP/1.1\r\nhost: h:8\r\nauthorization: Bearer k\r\ncontent-length: 6\r\n\r\n',
    )
    expect(request?.body.map(String)).toEqual(['abcdef'])
  })

  test('chunked in segments, names cased, whitespace around values but the framing fields', () => {
    const [request] = wireRequests(
      'POST',
      url,
      fields,
      'abcdé',
      form({ framing: 'chunked', segments: 3, names: 'upper', space: '\t', trailing: ' \t' }),
    )
    expect(request?.head).toBe(
      'POST /v1/pets?limit=1 HTTP/1.1\r\nHOST:\th:8\r\nAUTHORIZATION:\tBearer k \t\r\nTRANSFER-ENCODING:\tchunked\r\n\r\n',
    )
    // The first cut is inside é (after its first byte); the rest of the bytes in two.
    expect(request?.body.map((piece) => piece.toString('latin1'))).toEqual([
      '5\r\nabcd\xc3\r\n',
      '1\r\n\xa9\r\n0\r\n\r\n',
    ])
    const [ascii] = wireRequests('POST', url, fields, 'abcdef', form({ segments: 3 }))
    expect(ascii?.body.map(String)).toEqual(['ab', 'cd', 'ef'])
  })

  test('a HEAD of the same target first, Expect and Connection as the form says', () => {
    const requests = wireRequests(
      'GET',
      url,
      fields,
      undefined,
      form({ head: 'pipelined', version: '1.0', connection: 'keep-alive' }),
    )
    expect(requests.map((r) => r.head.split('\r\n')[0])).toEqual([
      'HEAD /v1/pets?limit=1 HTTP/1.0',
      'GET /v1/pets?limit=1 HTTP/1.0',
    ])
    expect(requests[1]?.head).toContain('connection: keep-alive\r\n')
    const [expecting] = wireRequests('POST', url, fields, '{}', form({ expect: '100-continue' }))
    expect(expecting).toMatchObject({
      expect: true,
      head: expect.stringContaining('expect: 100-continue\r\n'),
    })
  })

  test('what fetch refuses to send is refused', () => {
    expect(() => wireRequests('GET', url, [['x', 'a\r\nb: c']], undefined, DEFAULT_FORM)).toThrow(TypeError)
  })
})

describe('a line that sends the form again, the key never written', () => {
  const fields = [
    ['accept', 'application/json'],
    ['authorization', 'Bearer s3cret'],
  ] as const
  test('curl where it can', () => {
    const line = reproduceLine(
      'GET',
      'http://h/v1/pets',
      fields,
      undefined,
      's3cret',
      form({ version: '1.0', accept: '', names: 'upper' }),
    )
    expect(line).toBe(
      `curl -sS -i -X GET 'http://h/v1/pets' --http1.0 -H 'Accept:' -H "AUTHORIZATION: Bearer $PETSTORE_API_KEY"`,
    )
  })

  test('printf into nc where it cannot, saying so', () => {
    const line = reproduceLine('POST', 'http://h/v1/pets', fields, 'ab', 's3cret', form({ segments: 3 }))
    expect(line).not.toContain('s3cret')
    expect(line).toBe(
      "# curl cannot write this form (the body in 3 TCP segments): the request as it went out\n{ printf '%s\\r\\n%s\\r\\n%s\\r\\n%s\\r\\n%s\\r\\n\\r\\n' 'POST /v1/pets HTTP/1.1' 'host: h' 'accept: application/json' 'authorization: Bearer '\"$PETSTORE_API_KEY\"'' 'content-length: 2'; sleep 1; printf '%s' 'a'; sleep 1; printf '%s' 'b'; sleep 2; } | nc h 80",
    )
  })
})
