/** An object or an array: what a pointer or a walk may step into. */
export const isContainer = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object'

/**
 * The value a JSON pointer (the part of a `$ref` after `#`, percent-decoded or not) names in `root`,
 * or undefined when there is nothing there. `~1` is `/` and `~0` is `~`, as RFC 6901 has it.
 *
 * @example
 * valueAtPointer({ paths: { '/pets': { get: 1 } } }, '/paths/~1pets/get') // 1
 */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let decoded: string
  try {
    decoded = decodeURIComponent(pointer)
  } catch {
    return undefined
  }
  if (decoded === '') return root
  let value = root
  for (const token of decoded.split('/').slice(1)) {
    if (!isContainer(value)) return undefined
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~')
    if (!Object.hasOwn(value, key)) return undefined
    value = value[key]
  }
  return value
}
