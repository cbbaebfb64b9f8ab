type Container = Record<string, unknown> | unknown[]

const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object'

/** A `$ref` left in place: what json-schema-ref-parser keeps where a cycle closes (`circular: 'ignore'`). */
function refOf(value: Container): string | undefined {
  const ref = Array.isArray(value) ? undefined : value.$ref
  return typeof ref === 'string' ? ref : undefined
}

/** The value a local `$ref` (`#/a/b~1c`) names in `root`, or undefined (another file, or nothing there). */
function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let tokens: string[]
  try {
    tokens = decodeURIComponent(ref.slice(1)).split('/').slice(1)
  } catch {
    return undefined
  }
  let value = root
  for (const token of tokens) {
    if (!isContainer(value)) return undefined
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~')
    if (!Object.hasOwn(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/**
 * One `$ref` cycle of a document that json-schema-ref-parser dereferenced with `circular: 'ignore'`
 * (which keeps, as `{ $ref }`, every reference on a cycle): `chain` holds its references in the order
 * they refer to each other, the first repeated at the end (`#/A → #/B → #/A`). Undefined when no
 * `$ref` is left.
 *
 * A reference into another file cannot be followed here (the document holds no file names): then
 * `chain` is undefined and `refs` names the references left, as written. One depth-first walk, so
 * linear in the objects of the document however they are shared; iterative, so a long chain cannot
 * overflow the stack.
 *
 * @example
 * findRefCycle({ A: { properties: { next: { $ref: '#/B' } } }, B: { items: { $ref: '#/A' } } })
 * // { chain: ['#/A', '#/B', '#/A'] }
 */
export function findRefCycle(document: unknown): { chain: string[] } | { refs: string[] } | undefined {
  const done = new Set<object>()
  const open = new Set<object>()
  const path: object[] = []
  const left: string[] = []
  // Each frame is a value and the children still to visit; a `$ref` left in place has one child, the
  // value it names.
  const stack: { value: object; children: unknown[] }[] = []
  const enter = (value: unknown): { chain: string[] } | undefined => {
    if (!isContainer(value) || done.has(value)) return undefined
    if (open.has(value)) {
      // A cycle: the references on the path from `value` back to it.
      const refs = path
        .slice(path.indexOf(value))
        .map((entry) => refOf(entry as Container))
        .filter((ref) => ref !== undefined)
      const last = refs.at(-1)
      return { chain: last === undefined ? refs : [last, ...refs] }
    }
    const ref = refOf(value)
    if (ref !== undefined) left.push(ref)
    const target = ref === undefined ? undefined : resolveLocal(document, ref)
    // Reversed, so the walk pops them in document order and names the first cycle a reader meets.
    const children =
      ref !== undefined ? [target] : (Array.isArray(value) ? [...value] : Object.values(value)).reverse()
    open.add(value)
    path.push(value)
    stack.push({ value, children })
    return undefined
  }
  const found = enter(document)
  if (found) return found
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number]
    if (frame.children.length === 0) {
      stack.pop()
      path.pop()
      open.delete(frame.value)
      done.add(frame.value)
      continue
    }
    const cycle = enter(frame.children.pop())
    if (cycle) return cycle
  }
  // References left that this walk could not follow (into other files): name them as written.
  return left.length > 0 ? { refs: [...new Set(left)] } : undefined
}
