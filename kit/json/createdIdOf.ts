/**
 * The id a create answered with, as its exact digits (`body` read by `exactJson`; an id that is not a
 * number is none): what a journal keeps of a 201, so a replay can map a recording's ids to its target's.
 *
 * @example
 * createdIdOf({ id: 7, name: 'Rex' }) // '7'
 * createdIdOf({ id: 9223372036854775807n }) // '9223372036854775807'
 * createdIdOf('not a pet') // undefined
 */
export function createdIdOf(body: unknown): string | undefined {
  const id = (body as { id?: unknown } | null | undefined)?.id
  return typeof id === 'number' || typeof id === 'bigint' ? String(id) : undefined
}
