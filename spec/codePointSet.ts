/** A set of Unicode code points as sorted, disjoint, inclusive ranges: `[[0x30, 0x39], [0x41, 0x5a]]`. */
export type CodePointSet = readonly (readonly [number, number])[]

export const MAX_CODE_POINT = 0x10ffff

/**
 * The union of any ranges, sorted and merged.
 *
 * @example
 * union([[5, 9], [0, 3], [4, 4]]) // [[0, 9]]
 */
export function union(ranges: Iterable<readonly [number, number]>): CodePointSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const [low, high] of sorted) {
    const last = merged.at(-1)
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high)
    else merged.push([low, high])
  }
  return merged
}

/**
 * Every code point the set does not hold.
 *
 * @example
 * complement([[0x0a, 0x0a]]) // [[0, 9], [0x0b, 0x10ffff]]
 */
export function complement(set: CodePointSet): CodePointSet {
  const result: [number, number][] = []
  let next = 0
  for (const [low, high] of set) {
    if (low > next) result.push([next, low - 1])
    next = high + 1
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT])
  return result
}

// Every code point but the surrogates, in order, as one string (about 2.2 million UTF-16 units),
// built on first use: a property escape is read off it by V8's own engine, once per property.
let scalars: string | undefined
const SURROGATES_START = 0xd800
const SURROGATES_END = 0xdfff
const SUPPLEMENTARY_INDEX = SURROGATES_START + (0xffff - SURROGATES_END)

function everyScalar(): string {
  if (scalars === undefined) {
    const chunks: string[] = []
    for (let start = 0; start <= MAX_CODE_POINT; start += 0x1000) {
      const chunk = Array.from({ length: 0x1000 }, (_, i) => start + i)
      chunks.push(String.fromCodePoint(...chunk.filter((c) => c < SURROGATES_START || c > SURROGATES_END)))
    }
    scalars = chunks.join('')
  }
  return scalars
}

/** The code point whose UTF-16 units include `index` in `everyScalar()`. */
function codePointAtIndex(index: number): number {
  if (index < SURROGATES_START) return index
  if (index < SUPPLEMENTARY_INDEX) return index + (SURROGATES_END + 1 - SURROGATES_START)
  return 0x10000 + Math.floor((index - SUPPLEMENTARY_INDEX) / 2)
}

const properties = new Map<string, CodePointSet>()

/**
 * The code points an ECMAScript property escape `\p{name}` matches with the `u` flag
 * (`Script=Greek`, `L`, `Lowercase`), as V8 itself reads it: so a pattern translated for another
 * engine matches exactly what ECMAScript would, whatever Unicode version each carries. Cached per
 * name; the first use of one scans every code point (50-250 ms on a loaded 2-core machine, which is
 * why a document may name only SPEC_LIMITS.maxPropertyEscapes of them). `name` must be one V8 accepts.
 *
 * @example
 * propertySet('ASCII_Hex_Digit') // [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]]
 */
export function propertySet(name: string): CodePointSet {
  const known = properties.get(name)
  if (known) return known
  const property = `\\p{${name}}`
  const ranges: [number, number][] = []
  for (const match of everyScalar().matchAll(new RegExp(`(?:${property})+`, 'gu')))
    ranges.push([codePointAtIndex(match.index), codePointAtIndex(match.index + match[0].length - 1)])
  // Lone surrogates are code points to a `u` pattern too, one by one.
  const single = new RegExp(`^(?:${property})$`, 'u')
  for (let unit = SURROGATES_START; unit <= SURROGATES_END; unit++)
    if (single.test(String.fromCharCode(unit))) ranges.push([unit, unit])
  const set = union(ranges)
  properties.set(name, set)
  return set
}
