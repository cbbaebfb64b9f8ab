import { copyExact } from '../../kit/json/exactJson.ts'

/** Items of the top-level array kept by default: twice the largest page (100), so a page too long is still too long (keptItemsFor). */
export const KEPT_ITEMS_MAX = 200
/** Items of a nested array, and fields of any object, kept (a Pet has 4, an Error 3). */
export const KEPT_NESTED_MAX = 64
/** Depth below which nested values are replaced by NOT_KEPT. */
export const KEPT_DEPTH_MAX = 4
/** The longest string kept whole: longer than any name the suite sends, far shorter than a hostile body. */
export const KEPT_STRING_MAX = 8_192

/** What stands for a value that was not kept: it equals nothing a target sends as a pet field. */
export const NOT_KEPT = '\u0000(not kept: too long or too deep)'

/** What keptJson kept: characters of strings, plus one per other value. */
export interface KeptSize {
  spent: number
}

/**
 * The facts of a parsed body that later checks read (ids, names, statuses, an Error's code), within
 * the KEPT_* caps, which keep every verdict the checks reach; what is cut becomes NOT_KEPT. A copy,
 * so the parsed body can be collected; exact integers beyond 2^53 stay readable through `exactJson`.
 * `size.spent` grows by what was kept.
 *
 * @example
 * keptJson([{ id: 1, name: 'x'.repeat(1e6) }]) // [{ id: 1, name: NOT_KEPT }]
 */
export function keptJson(value: unknown, size: KeptSize = { spent: 0 }, itemsMax = KEPT_ITEMS_MAX): unknown {
  const kept = (value: unknown, depth: number): unknown => {
    size.spent++
    if (typeof value === 'string') {
      if (value.length > KEPT_STRING_MAX) return NOT_KEPT
      size.spent += value.length
      return value
    }
    if (typeof value !== 'object' || value === null) return value
    if (depth >= KEPT_DEPTH_MAX) return NOT_KEPT
    const room = depth === 0 ? itemsMax : KEPT_NESTED_MAX
    const copy = Array.isArray(value)
      ? value.slice(0, room).map((item) => kept(item, depth + 1))
      : Object.fromEntries(
          Object.entries(value)
            .slice(0, KEPT_NESTED_MAX)
            .map(([key, item]) => [key, kept(item, depth + 1)]),
        )
    copyExact(value, copy)
    return copy
  }
  return kept(value, 0)
}
