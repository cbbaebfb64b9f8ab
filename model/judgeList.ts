import { toJsonText as show } from '../kit/json/toJsonText.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import { type Answer, describe } from './judgeCreate.ts'
import type { Problem } from './Problem.ts'
import type { StoreKnowledge } from './StoreKnowledge.ts'

export interface ListQuery {
  limit?: number | undefined
  status?: string | undefined
}

/**
 * Judges one listPets answer with exactly the freedoms the document leaves: any order; at most
 * `limit` pets (the default when omitted), each matching the filter, ids distinct, each as known
 * (a pet never changes); at least min(limit, matching pets the run knows exist); and when the page
 * has room left, every matching pet the run knows of. Pets read here join the knowledge.
 *
 * @example
 * judgeList(model, knowledge, { limit: 5, status: 'sold' }, { status: 200, body: [] }, 'step 2')
 * // a Problem when the run created a sold pet earlier, else undefined
 */
export function judgeList(
  model: InterfaceModel,
  knowledge: StoreKnowledge,
  query: ListQuery,
  answer: Answer,
  step: string,
): Problem | undefined {
  const limit = query.limit ?? model.limit.default
  const known = knowledge.matching(query.status)
  const wanted = Math.min(limit, known.length)
  const filter = query.status === undefined ? 'pets' : `pets with status ${query.status}`
  const problem = (received: string, documented: string): Problem => ({
    operation: 'listPets',
    received,
    documented,
  })
  const page = answer.body
  if (answer.status !== 200 || !Array.isArray(page))
    return problem(describe(answer), '200 with a list of Pets')
  if (page.length > limit)
    return problem(`${page.length} pets`, `at most ${limit} (limit ${query.limit ?? 'omitted'})`)
  const ids = new Set<bigint>()
  for (const pet of page) {
    const record = pet as Record<string, unknown> | null
    if (
      typeof record !== 'object' ||
      record === null ||
      (typeof record.id !== 'bigint' && !Number.isInteger(record.id))
    )
      return problem(`an item ${show(pet)}`, 'Pets: objects with an integer id')
    if (query.status !== undefined && record.status !== query.status)
      return problem(`pet ${show(pet)} in the page`, `only ${filter}`)
    const id = BigInt(record.id as number | bigint)
    if (ids.has(id)) return problem(`id ${id} twice in one page`, 'distinct pets, each with its own id')
    ids.add(id)
  }
  if (page.length < wanted)
    return problem(
      `${page.length} pets`,
      `${wanted}: min(limit ${limit}, the ${known.length} ${filter} this run knows exist)`,
    )
  if (page.length < limit) {
    const missing = known.find((pet) => !ids.has(pet.id))
    if (missing)
      return problem(
        `a page of ${page.length} (room for ${limit}) without pet ${missing.id}`,
        `every one of the ${filter} (pet ${missing.id} ${show(missing.pet)} was ${missing.learnedAt})`,
      )
  }
  for (const pet of page) {
    const disagreement = knowledge.learn(pet as Record<string, unknown>, false, `listed in ${step}`)
    if (disagreement) return problem(disagreement, 'the same pet every time (the interface has no update)')
  }
  return undefined
}
