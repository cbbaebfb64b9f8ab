/**
 * The id a create answered with, as its exact digits: what a journal keeps of a 201 (it keeps no
 * response body), so a replay can map the ids a recording created to the ones its target creates.
 * `body` is the answer's JSON, read exactly (a bigint beyond 2^53, as `exactJson` gives it); an id
 * that is not a number is no id.
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
