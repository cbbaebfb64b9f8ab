import { SpecInputError } from './SpecInputError.ts'

/**
 * How many values `root` holds once every shared object is counted as the copy it stands for (a YAML
 * alias parses to the very object its anchor names, so a tree walk would visit it once per alias).
 * Sizes are memoised per object, so this costs one visit per distinct object however large the
 * expansion: a 16 KB alias bomb that stands for billions of values is sized in microseconds.
 * Throws when the expansion passes `maxNodes`, the nesting `maxDepth`, or an object contains itself.
 *
 * @example
 * const shared = { a: 1 }
 * expandedSize({ x: shared, y: shared }, { maxNodes: 100, maxDepth: 10 }) // 5
 */
export function expandedSize(
  root: unknown,
  limits: { maxNodes: number; maxDepth: number },
  // What shares values in `root`, for the message: a parsed file's aliases, or a dereferenced
  // document's `$ref`s as well.
  sharing: 'YAML aliases' | 'YAML aliases and $refs' = 'YAML aliases',
  // Sizes already known: one map for several roots of one document sizes what they share once.
  sizes = new Map<object, number>(),
): number {
  const open = new Set<object>()
  const size = (value: unknown, depth: number): number => {
    if (value === null || typeof value !== 'object') return 1
    const known = sizes.get(value)
    if (known !== undefined) return known
    if (open.has(value)) throw new SpecInputError('a YAML alias refers to a value that contains it (a cycle)')
    if (depth > limits.maxDepth)
      throw new SpecInputError(`values nest more than ${limits.maxDepth} deep (SPEC_LIMITS.maxDepth)`)
    open.add(value)
    let total = 1
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      total += size(child, depth + 1)
      // Checked as it grows: the total of a bomb would pass Number.MAX_SAFE_INTEGER.
      if (total > limits.maxNodes)
        throw new SpecInputError(
          `the document stands for more than ${limits.maxNodes} values once its ${sharing} are expanded (SPEC_LIMITS.maxExpandedNodes): ${sharing === 'YAML aliases' ? 'an alias bomb?' : 'a $ref bomb?'}`,
        )
    }
    open.delete(value)
    sizes.set(value, total)
    return total
  }
  return size(root, 0)
}
