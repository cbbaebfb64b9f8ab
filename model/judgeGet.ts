import { toJsonText as show } from '../kit/json/toJsonText.ts'
import { fetchedPetProblem } from './fetchedPetProblem.ts'
import { type Answer, describe } from './judgeCreate.ts'
import type { Problem } from './Problem.ts'
import type { StoreKnowledge } from './StoreKnowledge.ts'

/**
 * Judges one getPet answer. A pet the run knows must come back (200) exactly as known; an id the run
 * does not know may be 404, or, on a shared target, 200 with a Pet carrying exactly that id (which
 * then joins the knowledge).
 *
 * @example
 * judgeGet(knowledge, 7n, { status: 404, body: { code: 'not_found', message: '…', status: 404 } }, 'step 3')
 * // a Problem when the run created or read pet 7, else undefined
 */
export function judgeGet(
  knowledge: StoreKnowledge,
  id: bigint,
  answer: Answer,
  step: string,
): Problem | undefined {
  const known = knowledge.get(id)
  const documented = known
    ? `200 with ${show(known.pet)} (${known.learnedAt})`
    : '404 with an Error, or 200 with the Pet that has this id'
  const problem = (received: string): Problem => ({ operation: 'getPet', received, documented })
  const pet = answer.body as Record<string, unknown> | undefined
  if (!known && answer.status === 404) return undefined
  if (answer.status !== 200 || typeof pet !== 'object' || pet === null || Array.isArray(pet))
    return problem(describe(answer))
  // The invariant of every getPet 200 (the Pet asked for), as every exchange is judged by it.
  const another = fetchedPetProblem(id, answer)
  if (another) return problem(another.received)
  const disagreement = knowledge.learn(pet, false, `fetched in ${step}`)
  return disagreement ? problem(disagreement) : undefined
}
