import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { requestHeader } from './requestHeader.ts'

/** A request as node:http gives it: raw lines as sent, and `headers` keeping the first of each name. */
function incoming(lines: readonly (readonly [string, string])[]): IncomingMessage {
  const headers: Record<string, string> = {}
  for (const [name, value] of lines) headers[name.toLowerCase()] ??= value
  return { rawHeaders: lines.flat(), headers } as unknown as IncomingMessage
}

const spelling = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''))

describe('requestHeader', () => {
  test('Authorization and Content-Type: every line of that name, in any case, joined in order', () => {
    const line = fc.tuple(
      fc.oneof(spelling('authorization'), spelling('content-type'), fc.constantFrom('host', 'x-other')),
      fc.string({ maxLength: 8 }),
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const request = incoming(lines)
        for (const name of ['authorization', 'content-type']) {
          const values = lines.filter(([raw]) => raw.toLowerCase() === name).map(([, value]) => value)
          expect(requestHeader(request, name)).toBe(values.length === 0 ? undefined : values.join(', '))
        }
      }),
    )
  })
})
