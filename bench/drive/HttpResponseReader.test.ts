import { describe, expect, test } from '@jest/globals'
import { HttpResponseReader } from './HttpResponseReader.ts'

const response = (status: number, body: string, extra = ''): string =>
  `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('HttpResponseReader', () => {
  test('two responses in one chunk come out in order, bodies exact', () => {
    const read = new HttpResponseReader().push(Buffer.from(response(200, '{"a":1}') + response(201, 'é')))
    expect(read.map((one) => [one.status, one.body.toString()])).toEqual([
      [200, '{"a":1}'],
      [201, 'é'],
    ])
  })

  test('a response split at every byte is read once, whole', () => {
    const bytes = Buffer.from(response(404, '{"code":"not_found"}') + response(200, ''))
    const reader = new HttpResponseReader()
    const read = []
    for (let index = 0; index < bytes.length; index++)
      read.push(...reader.push(bytes.subarray(index, index + 1)))
    expect(read.map((one) => [one.status, one.body.toString()])).toEqual([
      [404, '{"code":"not_found"}'],
      [200, ''],
    ])
  })

  test('a header that only ends in content-length is not taken for it', () => {
    const text = response(200, 'ok', 'x-content-length: 99\r\n')
    expect(new HttpResponseReader().push(Buffer.from(text))[0]?.body.toString()).toBe('ok')
  })

  test('a chunked body or a garbled status line is an error, not a miscount', () => {
    const chunked = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n'
    expect(() => new HttpResponseReader().push(Buffer.from(chunked))).toThrow(/without Content-Length/)
    expect(() => new HttpResponseReader().push(Buffer.from('HTTP/2 200\r\n\r\n'))).toThrow(/status line/)
  })
})
