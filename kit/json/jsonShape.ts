const QUOTE = 34
const BACKSLASH = 92
const OPEN_OBJECT = 123
const OPEN_ARRAY = 91
const CLOSE_OBJECT = 125
const CLOSE_ARRAY = 93
const COMMA = 44
const COLON = 58

/** How deep and how many: what JSON text may hold before it is parsed. */
export interface JsonShapeLimits {
  /** Objects and arrays nested inside each other. */
  maxDepth: number
  /** Objects and arrays in all. */
  maxContainers: number
  /** Values and member names in all (each costs at least a slot once parsed). */
  maxValues: number
}

/**
 * Why JSON text holds more than `limits` allow, or undefined when it fits. Counted before
 * `JSON.parse`, which would build every object of a hostile text first (64 MiB of `[[],[],...]` is
 * 21 million arrays): one pass, never recursive or allocating, over structure only, so it reads UTF-8
 * bytes as well as text, and text that is not JSON (the parse then says why).
 *
 * @example
 * jsonShapeProblem('[[[]]]', { maxDepth: 2, maxContainers: 10, maxValues: 10 }) // 'nested deeper than 2 levels'
 */
export function jsonShapeProblem(text: string | Uint8Array, limits: JsonShapeLimits): string | undefined {
  const length = text.length
  // Each container opens with a character of its own, and every value and name after the first
  // follows a comma or colon: a text shorter than every limit cannot pass one. Most bodies are.
  if (length < limits.maxDepth && length < limits.maxContainers && length < limits.maxValues) return undefined
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i] as number
  let depth = 0
  let containers = 0
  // A value, the first of a container or of the text, has no comma before it: counted at its container.
  let values = 1
  let i = 0
  while (i < length) {
    const c = at(i)
    if (c === QUOTE) {
      i++
      while (i < length) {
        const s = at(i)
        if (s === BACKSLASH) i += 2
        else if (s === QUOTE) break
        else i++
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++
      containers++
      values++
      if (depth > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`
      if (containers > limits.maxContainers) return `more than ${limits.maxContainers} objects and arrays`
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--
    else if (c === COMMA || c === COLON) values++
    if (values > limits.maxValues) break
    i++
  }
  return values > limits.maxValues ? `more than ${limits.maxValues} values and names` : undefined
}
