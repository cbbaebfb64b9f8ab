import { expect, test } from '@jest/globals'
import fc from 'fast-check'
import { HELD_BYTES, heldBytes } from './heldBytes.ts'
import { textBytes } from './MemoryBudget.ts'

test('every value is charged at any depth: at least its slot, and every character of every string', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const held = heldBytes(value)
      const text = JSON.stringify(value)
      // No more characters of text than the JSON holds, and never less than a slot per value.
      expect(held.chars).toBeLessThanOrEqual(text.length)
      expect(held.bytes).toBeGreaterThanOrEqual(HELD_BYTES.SLOT)
      const wrapped = heldBytes({ a: [value, value] })
      expect(wrapped.bytes).toBe(
        HELD_BYTES.OBJECT +
          HELD_BYTES.MEMBER +
          HELD_BYTES.STRING +
          textBytes(1) +
          HELD_BYTES.ARRAY +
          2 * held.bytes,
      )
      expect(wrapped.chars).toBe(1 + 2 * held.chars)
    }),
  )
})

test('a value nested 200,000 deep is walked without overflowing the stack', () => {
  let deep: unknown = 'leaf'
  for (let i = 0; i < 200_000; i++) deep = [deep]
  expect(heldBytes(deep)).toEqual({
    bytes: 200_000 * HELD_BYTES.ARRAY + HELD_BYTES.STRING + textBytes(4),
    chars: 4,
  })
})
