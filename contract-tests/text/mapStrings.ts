/**
 * A deep copy of plain data (objects, arrays) with `transform` applied to every string, keys kept.
 * Values that are not plain data (a Headers object, a function) are left as they are.
 *
 * @example
 * mapStrings({ a: ['x'], b: 1 }, (s) => s.toUpperCase()) // { a: ['X'], b: 1 }
 */
export function mapStrings<T>(value: T, transform: (text: string) => string): T {
  if (typeof value === 'string') return transform(value) as T
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, transform)) as T
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, transform)]),
    ) as T
  }
  return value
}
