import { toJsonText as show } from '../kit/json/toJsonText.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import { isPet } from './isPet.ts'
import { type Answer, describe } from './judgeCreate.ts'
import type { ListQuery } from './ListQuery.ts'
import type { Problem } from './Problem.ts'
import { pageProblem } from './pageProblem.ts'
import type { StoreKnowledge } from './StoreKnowledge.ts'

/**
 * Judges one listPets answer with exactly the freedoms the document leaves: any order; the page's
 * invariants (`pageProblem`); each pet as known (a pet never changes); at least min(limit, matching
 * pets the run knows exist); and when the page has room left, every matching pet the run knows of.
 * Pets read here join the knowledge.
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
  // The invariants every page keeps, whichever request asked: one function for every judge.
  const broken = pageProblem(model, query, page)
  if (broken) return problem(broken.received, broken.documented)
  if (!page.every(isPet))
    return problem(`an item ${show(page.find((item) => !isPet(item)))}`, 'Pets: objects with an integer id')
  const ids = new Set(page.map((pet) => BigInt(pet.id)))
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
    const disagreement = knowledge.learn(pet, false, `listed in ${step}`)
    if (disagreement)
      return problem(
        disagreement,
        'every pet as first read (the interface has no update), none stored by a refused create',
      )
  }
  return undefined
}
