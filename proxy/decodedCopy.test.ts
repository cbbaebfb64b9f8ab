import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { decodedCopy } from './decodedCopy.ts'

const ENCODERS: ReadonlyArray<readonly [string, (bytes: Buffer) => Buffer]> = [
  ['gzip', (bytes) => gzipSync(bytes)],
  ['x-gzip', (bytes) => gzipSync(bytes)],
  ['deflate', (bytes) => deflateSync(bytes)],
  ['br', (bytes) => brotliCompressSync(bytes)],
  ['zstd', (bytes) => zstdCompressSync(bytes)],
  ['identity', (bytes) => bytes],
]

describe('decodedCopy', () => {
  test('any text in any coding, or two stacked, decodes to itself within the bound', () => {
    const coding = fc.constantFrom(...ENCODERS)
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), coding, fc.option(coding), (text, inner, outer) => {
        let bytes = inner[1](Buffer.from(text))
        let header = inner[0]
        if (outer) {
          bytes = outer[1](bytes)
          header = `${header}, ${outer[0]}`
        }
        expect(decodedCopy(header, bytes, 4_096)).toEqual({ text })
      }),
    )
  })

  test('no body (HEAD, 204) labelled gzip is an empty text, judged', () => {
    expect(decodedCopy('gzip', Buffer.alloc(0), 100)).toEqual({ text: '' })
  })

  test('raw deflate sent as deflate is read too', () => {
    expect(decodedCopy('deflate', deflateRawSync('[]'), 100)).toEqual({ text: '[]' })
  })

  test.each([
    ['gzip', gzipSync(Buffer.alloc(10_000))],
    ['br', brotliCompressSync(Buffer.alloc(10_000))],
    ['zstd', zstdCompressSync(Buffer.alloc(10_000))],
    ['deflate', deflateSync(Buffer.alloc(10_000))],
    ['gzip, br', brotliCompressSync(gzipSync(Buffer.alloc(10_000)))],
  ])('a %s body past the bound in decoded bytes is not judged, whatever its size sent', (coding, bytes) => {
    expect(bytes.length).toBeLessThan(1_000)
    expect(decodedCopy(coding, bytes, 1_000)).toEqual({ notJudged: expect.stringMatching(/over 1000 bytes/) })
  })

  test.each([
    ['an unknown coding', 'compress', Buffer.from('x')],
    ['a broken stream', 'gzip', Buffer.from('not gzip')],
    ['five stacked codings', 'gzip, gzip, gzip, gzip, gzip', Buffer.from('x')],
    ['an identity body past the bound', undefined, Buffer.alloc(1_001)],
  ])('%s is not judged, and says why', (_case, coding, bytes) => {
    expect(decodedCopy(coding, bytes, 1_000)).toEqual({ notJudged: expect.any(String) })
  })
})
