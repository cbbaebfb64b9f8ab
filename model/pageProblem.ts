import { toJsonText as show } from '../kit/json/toJsonText.ts'
import type { InvariantProblem } from './InvariantProblem.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import type { ListQuery } from './ListQuery.ts'

/**
 * The invariants of one listPets page, whatever the store holds: at most `limit` pets (the
 * document's default when omitted), each of the status asked for, no id twice. Items that are not
 * objects with an integer id are left to the schema (response_schema_conformance). Undefined when
 * the page keeps them all.
 *
 * @example
 * pageProblem(model, { limit: 1 }, [{ id: 1 }, { id: 2 }])
 * // { invariant: 'page_within_limit', operation: 'listPets', received: '2 pets', documented: 'at most 1 (limit 1)' }
 */
export function pageProblem(
  model: Pick<InterfaceModel, 'limit'>,
  query: ListQuery,
  page: readonly unknown[],
): InvariantProblem | undefined {
  const limit = query.limit ?? model.limit.default
  if (page.length > limit)
    return {
      invariant: 'page_within_limit',
      operation: 'listPets',
      received: `${page.length} pets`,
      documented: `at most ${limit} (limit ${query.limit ?? 'omitted'})`,
    }
  const ids = new Set<bigint>()
  for (const item of page) {
    if (typeof item !== 'object' || item === null) continue
    const record = item as Record<string, unknown>
    if (query.status !== undefined && record.status !== query.status)
      return {
        invariant: 'page_matches_filter',
        operation: 'listPets',
        received: `pet ${show(item)} in the page`,
        documented: `only pets with status ${query.status}`,
      }
    if (typeof record.id !== 'bigint' && !Number.isInteger(record.id)) continue
    const id = BigInt(record.id as number | bigint)
    if (ids.has(id))
      return {
        invariant: 'page_ids_distinct',
        operation: 'listPets',
        received: `id ${id} twice in one page`,
        documented: 'distinct pets, each with its own id',
      }
    ids.add(id)
  }
  return undefined
}
