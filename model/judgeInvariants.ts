import type { OperationId } from '../spec/runtime.ts'
import { errorStatusProblem } from './errorStatusProblem.ts'
import { fetchedPetProblem } from './fetchedPetProblem.ts'
import type { InvariantMemory } from './InvariantMemory.ts'
import type { InvariantProblem } from './InvariantProblem.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import { isPet } from './isPet.ts'
import type { Answer } from './judgeCreate.ts'
import { listQuery, type ModelRequest, petIdOf } from './judgeExchange.ts'
import { pageProblem } from './pageProblem.ts'

/**
 * Judges one exchange by every invariant of the interface (INVARIANTS), whichever part of a run
 * sent it and whatever it was sent to find: the suite's watcher over every exchange, a replay and
 * the proxy all call it, so they hold every answer to the same rules. Each invariant holds whatever
 * the store holds, or needs only `memory` (a lower bound). A list query or petId the document leaves
 * open is not judged by the rules that read it; its pets are still remembered. At most one problem
 * per invariant; none when the answer keeps them all.
 *
 * @example
 * judgeInvariants(model, memory, 'listPets', { query: new URLSearchParams('limit=1') }, { status: 200, body: [{ id: 1 }, { id: 2 }] }, 'GET /pets?limit=1')
 * // [{ invariant: 'page_within_limit', operation: 'listPets', received: '2 pets', documented: 'at most 1 (limit 1)' }]
 */
export function judgeInvariants(
  model: InterfaceModel,
  memory: InvariantMemory,
  operationId: string,
  request: ModelRequest,
  answer: Answer,
  step: string,
): InvariantProblem[] {
  if (operationId !== 'listPets' && operationId !== 'createPet' && operationId !== 'getPet') return []
  const operation = operationId as OperationId
  const problems: InvariantProblem[] = []
  const add = (problem: InvariantProblem | undefined) => {
    if (problem) problems.push(problem)
  }
  add(errorStatusProblem(operation, answer.status, answer.body))
  const body = answer.body
  const readSame = (pet: Readonly<Record<string, unknown>>, where: string, created = false) => {
    const received = memory.read(pet, where, created)
    const documented = 'the same pet by every route, every time (the interface has no update)'
    return received === undefined
      ? undefined
      : { invariant: 'pet_reads_same' as const, operation, received, documented }
  }
  if (operationId === 'listPets') {
    if (answer.status !== 200 || !Array.isArray(body)) return problems
    const query = listQuery(model, request)
    if (query) add(pageProblem(model, query, body))
    // The first pet that reads otherwise is the problem: the rest of the page is not remembered.
    for (const item of body) {
      const differs = isPet(item) ? readSame(item, `listed in ${step}`) : undefined
      if (differs) return [...problems, differs]
    }
    return problems
  }
  if (operationId === 'getPet') {
    const id = petIdOf(model, request)
    const wrong = id === undefined ? undefined : fetchedPetProblem(id, answer)
    add(wrong)
    if (!wrong && answer.status === 200 && isPet(body)) add(readSame(body, `fetched in ${step}`))
    return problems
  }
  if (answer.status !== 201 || !isPet(body)) return problems
  const id = BigInt(body.id)
  const before = memory.assignedAt(id)
  if (before !== undefined)
    add({
      invariant: 'created_ids_unique',
      operation,
      received: `201 with id ${id}, which a 201 assigned already (${before})`,
      documented: 'a new id for every created pet',
    })
  else add(readSame(body, `created in ${step}`, true))
  return problems
}
