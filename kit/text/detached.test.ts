import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { detached } from './detached.ts'

describe('detached', () => {
  test('is the same text, whatever its characters: Latin-1, any script, emoji, a lone surrogate', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        (text) => {
          expect(detached(text)).toBe(text)
        },
      ),
    )
    for (const text of ['', 'ÿ', '\u0100', '😀', '\ud83d', '\ude00x', 'a'.repeat(10_000)])
      expect(detached(text)).toBe(text)
  })

  test('in a browser, with no Buffer, gives the same text', () => {
    const buffer = globalThis.Buffer
    try {
      ;(globalThis as { Buffer?: unknown }).Buffer = undefined
      for (const text of ['plain', '😀\ud83d', 'é']) expect(detached(text)).toBe(text)
    } finally {
      globalThis.Buffer = buffer
    }
  })
})
