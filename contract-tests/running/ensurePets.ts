import type { Census } from '../base/Census.ts'
import { CreateBudgetSpent } from '../base/CreateBudget.ts'
import { known } from '../base/lackOfData.ts'
import type { CheckContext } from '../checks/Check.ts'
import { petsIn } from '../checks/describeResponse.ts'
import { inPool } from '../http/inPool.ts'
import { petIdOf } from '../json/petIdOf.ts'

/**
 * Counts what the target holds (one page per status and one without a filter, at the maximum
 * limit) and, when the run may write, creates only what is missing for the list rules to be
 * judged: more pets than the maximum limit, and more of each status than the default limit, so a
 * server that caps, ignores or misapplies `limit` or `status` cannot pass for lack of data. Creates
 * go out in concurrent bursts (a staging server answers each in 50-200 ms).
 *
 * @example
 * const census = await ensurePets(context, true) // on an empty server: 101 creates, ≥ 21 of each status
 */
export async function ensurePets(context: CheckContext, create: boolean): Promise<Census> {
  const { maximum, default: defaultLimit } = context.vocabulary.limit
  const { statuses } = context.vocabulary
  const census: Census = { pets: new Map(), created: new Set(), writes: create }
  // Pets an earlier part of the run created (the model phase's opening): this run's, not the store's.
  for (const exchange of context.exchanges) {
    const id = exchange.request.operation === 'createPet' && exchange.status === 201 && petIdOf(exchange.json)
    if (id) census.created.add(id)
  }
  const pages = await Promise.all(
    [undefined, ...statuses].map((status) => context.call('listPets', { limit: maximum, status })),
  )
  for (const page of pages) {
    const pets = petsIn(page)
    // A broken list is for the checks to report, not for this step to work around.
    if (!pets) {
      census.broken = `GET ${page.request.path} answered ${page.status || page.error}`
      return census
    }
    for (const pet of pets)
      census.pets.set(
        petIdOf(pet) ?? String(pet?.id),
        typeof pet.status === 'string' ? pet.status : undefined,
      )
  }
  // Before anything is written, a getPet of the id after the largest listed: not assigned yet on a
  // target that counts up (its first answers, and an id the creates below may then assign).
  let largest = 0n
  for (const id of census.pets.keys()) if (/^-?\d+$/.test(id) && BigInt(id) > largest) largest = BigInt(id)
  await context.call('getPet', { petId: largest + 1n })
  if (!create) return census

  const plan: string[] = []
  for (const status of statuses) for (let n = known(census, status); n <= defaultLimit; n++) plan.push(status)
  for (let n = known(census) + plan.length, i = 0; n <= maximum; n++, i++)
    plan.push(statuses[i % statuses.length] as string)
  await inPool(plan, 10, async (status) => {
    if (census.budgetSpent) return
    const body = JSON.stringify({ name: context.petName('seed'), categoryId: 1, status })
    let created: Awaited<ReturnType<CheckContext['send']>>
    try {
      created = await context.call('createPet', {}, { body })
    } catch (error) {
      // Past --max-creates the list rules get the data there is, and say how much they needed.
      if (!(error instanceof CreateBudgetSpent)) throw error
      census.budgetSpent = true
      return
    }
    const id = petIdOf(created.json)
    if (created.status !== 201 || id === undefined) return
    census.pets.set(id, status)
    census.created.add(id)
  })
  return census
}
