/** What a body may hold besides JSON values: a collection read lazily, written as a JSON array. */
export type Lazy<T> = Iterable<T> & { readonly lazy: true }

/**
 * A collection to be written as a JSON array, each item made only when it is written: a journal's
 * entries, a store's pets. A slow client then holds the collection's references, never its text.
 *
 * @example
 * lazy(records, readJournalRecord) // written as [entry, entry, …]
 */
export function lazy<T, U>(items: Iterable<T>, each: (item: T) => U): Lazy<U> {
  return {
    lazy: true,
    *[Symbol.iterator]() {
      for (const item of items) yield each(item)
    },
  }
}

function isLazy(value: unknown): value is Lazy<unknown> {
  return typeof value === 'object' && value !== null && (value as { lazy?: unknown }).lazy === true
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * The JSON text of `value` in pieces (objects by member, arrays and lazy collections by item), taken
 * as fast as the client reads, so a large answer is never built whole per client.
 *
 * @example
 * [...jsonChunks({ pets: lazy([1, 2], (n) => ({ id: n })) })].join('') // '{"pets":[{"id":1},{"id":2}]}'
 */
export function* jsonChunks(value: unknown): Generator<string> {
  if (Array.isArray(value) || isLazy(value)) {
    let first = true
    yield '['
    for (const item of value as Iterable<unknown>) {
      if (!first) yield ','
      first = false
      if (isLazy(item)) yield* jsonChunks(item)
      else yield JSON.stringify(item) ?? 'null'
    }
    yield ']'
  } else if (isPlainObject(value)) {
    let first = true
    yield '{'
    for (const [name, member] of Object.entries(value)) {
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
      yield `${first ? '' : ','}${JSON.stringify(name)}:`
      first = false
      yield* jsonChunks(member)
    }
    yield '}'
  } else yield JSON.stringify(value) ?? 'null'
}

/**
 * The whole JSON text of a body that may hold lazy collections (for a transport that sends text).
 *
 * @example
 * jsonText({ a: [1] }) // '{"a":[1]}'
 */
export function jsonText(value: unknown): string {
  return [...jsonChunks(value)].join('')
}
