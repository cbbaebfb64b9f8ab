import { textBytes } from './MemoryBudget.ts'

/**
 * What V8 may spend on each kind of value a stored pet holds, in bytes, on a 64-bit Node (no pointer
 * compression): upper bounds of what was measured on Node 24 (heap per value, over pets parsed from
 * the worst 64 KiB bodies: docs/sessions.md), so the budget errs on the safe side:
 * - SLOT: the 8-byte slot that holds any value in its parent (`true`, `null` need no more), doubled;
 * - NUMBER: a slot and a boxed double (measured up to 16 beyond the slot);
 * - STRING: a slot and a string's header; its characters at two bytes each (`textBytes`);
 * - ARRAY: an array's object and its backing store's header (measured 32 + 16, 56 a level nested);
 * - OBJECT: an object with its in-object slots (measured 56 for `{}`); each member in dictionary
 *   mode (a wide object) costs MEMBER beside its name's STRING and its value.
 */
export const HELD_BYTES = { SLOT: 16, NUMBER: 32, STRING: 32, ARRAY: 80, OBJECT: 96, MEMBER: 48 } as const

/** What a value costs held in memory, and how many characters of text it holds (member names included). */
export interface Held {
  bytes: number
  chars: number
}

/**
 * What holding `value` costs, at any depth (HELD_BYTES), walked without recursion so no nesting can
 * overflow the stack; linear in its size. A raw JSON number (the mock's `JSON.rawJSON` for an integer
 * beyond 2^53) is counted as an object holding its digits.
 *
 * @example
 * heldBytes('Rex') // { bytes: 38, chars: 3 }
 * heldBytes([1, 2]).bytes // 80 + 2 * 32
 */
export function heldBytes(value: unknown): Held {
  // A pet's fields are mostly strings and numbers: those need no walk (and no stack to walk with);
  // every create costs each of its fields twice (the refusal check and the insert).
  if (typeof value === 'string')
    return { bytes: HELD_BYTES.STRING + textBytes(value.length), chars: value.length }
  if (typeof value === 'number' || typeof value === 'bigint') return { bytes: HELD_BYTES.NUMBER, chars: 0 }
  let bytes = 0
  let chars = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      bytes += HELD_BYTES.STRING + textBytes(item.length)
      chars += item.length
    } else if (typeof item === 'number' || typeof item === 'bigint') bytes += HELD_BYTES.NUMBER
    else if (Array.isArray(item)) {
      bytes += HELD_BYTES.ARRAY
      for (const element of item) stack.push(element)
    } else if (typeof item === 'object' && item !== null) {
      bytes += HELD_BYTES.OBJECT
      for (const name of Object.keys(item)) {
        bytes += HELD_BYTES.MEMBER + HELD_BYTES.STRING + textBytes(name.length)
        chars += name.length
        stack.push((item as Record<string, unknown>)[name])
      }
    } else bytes += HELD_BYTES.SLOT
  }
  return { bytes, chars }
}
