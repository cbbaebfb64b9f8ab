/**
 * True for a JSON object with an integer id (a number, or a bigint beyond 2^53 as `exactJson` reads
 * it): what every judge reads as a pet; anything else is left to the schema.
 *
 * @example
 * isPet({ id: 7, name: 'Rex' }) // true
 * isPet({ id: '7' }) // false
 */
export function isPet(value: unknown): value is Record<string, unknown> & { id: number | bigint } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const id = (value as { id?: unknown }).id
  return typeof id === 'bigint' || Number.isInteger(id)
}
