// What a client sent and what came back, read exactly: a plain integer literal must come back digit
// for digit; a literal in another spelling beyond 2^53 may be read exactly or as its double (RFC 8259 §6).
import { describe, expect, test } from '@jest/globals'
import { exactJson, parseJsonLossless } from '../kit/json/exactJson.ts'
import { keptAsSent } from './keptAsSent.ts'

/** The categoryId of a body as the model reads it (`exactJson(parseJsonLossless(text))`). */
const sentOf = (literal: string) =>
  (exactJson(parseJsonLossless(`{"categoryId":${literal}}`)) as { categoryId: unknown }).categoryId

const CASES: Array<[string, { sent: string; received: unknown; kept: boolean }]> = [
  ['a small integer, kept', { sent: '7', received: 7, kept: true }],
  ['a small integer, changed', { sent: '7', received: 8, kept: false }],
  [
    'a plain literal beyond 2^53, kept exactly',
    { sent: '9007199254740993', received: 9007199254740993n, kept: true },
  ],
  [
    'a plain literal beyond 2^53, rounded to its double',
    { sent: '9007199254740993', received: 9007199254740992, kept: false },
  ],
  [
    'a plain int64 maximum, rounded',
    { sent: '9223372036854775807', received: 9223372036854775808n, kept: false },
  ],
  ['1e3 read as 1000', { sent: '1e3', received: 1000, kept: true }],
  [
    '-9.007199254740993e15 read exactly',
    { sent: '-9.007199254740993e15', received: -9007199254740993n, kept: true },
  ],
  [
    '-9.007199254740993e15 read as its double',
    { sent: '-9.007199254740993e15', received: -9007199254740992, kept: true },
  ],
  [
    '-9.007199254740993e15 come back as another integer',
    { sent: '-9.007199254740993e15', received: -9007199254740996n, kept: false },
  ],
  [
    '-9.007199254740993e15 come back as a string',
    { sent: '-9.007199254740993e15', received: '-9007199254740993', kept: false },
  ],
  ['a string kept', { sent: '"Rex"', received: 'Rex', kept: true }],
]

describe('keptAsSent', () => {
  test.each(CASES)('%s', (_name, { sent, received, kept }) => {
    expect(keptAsSent(received, sentOf(sent))).toBe(kept)
  })
})
