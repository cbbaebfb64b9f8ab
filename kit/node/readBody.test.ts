import type { IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { bodyText, type ReadBytes, readBodyInto } from './readBody.ts'

/** A request as readBodyInto sees it: a readable stream with headers. */
function requestWith(headers: Record<string, string>): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage
}

/** Reads `request`, feeding it `chunks` then ending it; every call of `done` is kept. */
function readAll(request: PassThrough & IncomingMessage, chunks: Buffer[], maxBytes: number): ReadBytes[] {
  const calls: ReadBytes[] = []
  const now = readBodyInto(request, maxBytes, (read) => calls.push(read))
  if (now) calls.push(now)
  for (const chunk of chunks) request.write(chunk)
  request.end()
  return calls
}

const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('readBodyInto', () => {
  test('a request that carries no body is answered at once, and done is never called', () => {
    let called = false
    const now = readBodyInto(requestWith({}), 10, () => {
      called = true
    })
    expect(now).toEqual({ bytes: undefined, tooLarge: false })
    expect(called).toBe(false)
  })

  test('a declared length over the cap is refused at once, and the body is drained unread', async () => {
    const request = requestWith({ 'content-length': '11' })
    const now = readBodyInto(request, 10, () => {
      throw new Error('done must not be called')
    })
    expect(now).toEqual({ bytes: undefined, tooLarge: true })
    request.end(Buffer.alloc(11))
    await settled()
    expect(request.readableEnded).toBe(true)
  })

  test('any chunking of any bytes gives them back whole, once; past the cap none are kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 300 }),
        async (parts, maxBytes) => {
          const chunks = parts.map((part) => Buffer.from(part))
          const whole = Buffer.concat(chunks)
          const calls = readAll(requestWith({ 'transfer-encoding': 'chunked' }), chunks, maxBytes)
          await settled()
          expect(calls).toHaveLength(1)
          const [read] = calls as [ReadBytes]
          expect(read.tooLarge).toBe(whole.length > maxBytes)
          expect(read.bytes).toEqual(whole.length > maxBytes ? undefined : whole)
        },
      ),
      { numRuns: 100 },
    )
  })

  test('a client gone mid-body is answered once, as aborted, whatever the stream emits after', async () => {
    const request = requestWith({ 'content-length': '100' })
    const calls: ReadBytes[] = []
    readBodyInto(request, 1000, (read) => calls.push(read))
    request.write(Buffer.from('{"name":'))
    request.emit('error', new Error('aborted'))
    request.emit('error', new Error('aborted again'))
    request.emit('end')
    await settled()
    expect(calls).toEqual([{ bytes: undefined, tooLarge: false, aborted: true }])
  })

  test('bodyText decodes the bytes as fetch does: a leading byte order mark dropped', () => {
    expect(bodyText(Buffer.from('\ufeff{}', 'utf8'))).toBe('{}')
    expect(bodyText(Buffer.from('{"a":"\ufeff"}', 'utf8'))).toBe('{"a":"\ufeff"}')
  })
})
