import { isContainer, valueAtPointer } from './valueAtPointer.ts'

/** What a `$ref` left in place names, and how to call it; undefined when it cannot be followed. */
export type RefResolver = (holder: object, ref: string) => { target: unknown; name: string } | undefined

/** Follows `#/…` references within `document` itself, named as written. */
const localResolver =
  (document: unknown): RefResolver =>
  (_holder, ref) =>
    ref.startsWith('#') ? { target: valueAtPointer(document, ref.slice(1)), name: ref } : undefined

/**
 * One `$ref` cycle of a document that json-schema-ref-parser dereferenced with `circular: 'ignore'`
 * (which keeps, as `{ $ref }`, every reference on a cycle): `chain` names its references in the order
 * they refer to each other, the first repeated at the end (`#/A → #/B → #/A`). Undefined when no
 * `$ref` is left.
 *
 * `resolve` follows a reference to what it names (by default, `#/…` within the document; the loader's
 * follows them into other files). When a cycle goes through one it cannot follow, `chain` is undefined
 * and `refs` names the references left, as written. One depth-first walk, so linear in the objects of
 * the document however they are shared; iterative, so a long chain cannot overflow the stack.
 *
 * @example
 * findRefCycle({ A: { properties: { next: { $ref: '#/B' } } }, B: { items: { $ref: '#/A' } } })
 * // { chain: ['#/A', '#/B', '#/A'] }
 */
export function findRefCycle(
  document: unknown,
  resolve: RefResolver = localResolver(document),
): { chain: string[] } | { refs: string[] } | undefined {
  const done = new Set<object>()
  const open = new Set<object>()
  const left: string[] = []
  // The path from the document: each value, the name of the `$ref` it is, and the children still to
  // visit (a `$ref` left in place has one child, the value it names).
  const stack: { value: object; name: string | undefined; children: unknown[] }[] = []
  const enter = (value: unknown): { chain: string[] } | undefined => {
    if (!isContainer(value) || done.has(value)) return undefined
    if (open.has(value)) {
      // A cycle: the references on the path from `value` back to it.
      const names = stack
        .slice(stack.findIndex((entry) => entry.value === value))
        .flatMap((entry) => (entry.name === undefined ? [] : [entry.name]))
      const last = names.at(-1)
      return { chain: last === undefined ? names : [last, ...names] }
    }
    // A `$ref` left in place: what json-schema-ref-parser keeps where a cycle closes (`circular: 'ignore'`).
    const ref = Array.isArray(value) || typeof value.$ref !== 'string' ? undefined : value.$ref
    const resolved = ref === undefined ? undefined : resolve(value, ref)
    if (ref !== undefined) left.push(ref)
    // Reversed, so the walk pops them in document order and names the first cycle a reader meets.
    const children =
      ref !== undefined
        ? [resolved?.target]
        : (Array.isArray(value) ? [...value] : Object.values(value)).reverse()
    open.add(value)
    stack.push({ value, name: resolved?.name, children })
    return undefined
  }
  const found = enter(document)
  if (found) return found
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number]
    if (frame.children.length === 0) {
      stack.pop()
      open.delete(frame.value)
      done.add(frame.value)
      continue
    }
    const cycle = enter(frame.children.pop())
    if (cycle) return cycle
  }
  // References left that this walk could not follow: name them as written.
  return left.length > 0 ? { refs: [...new Set(left)] } : undefined
}
