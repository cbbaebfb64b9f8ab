import type { CheckContext } from '../checks/Check.ts'
import { limitSchema } from '../checks/limitSchema.ts'
import { petsIn } from '../checks/petsIn.ts'
import { inPool } from '../http/inPool.ts'
import type { Census } from './Census.ts'
import { CreateBudgetSpent } from './CreateBudget.ts'

/**
 * The number of known pets, with that status when given.
 *
 * @example
 * known(census) // 131
 * known(census, 'sold') // 34
 */
export function known(census: Census, status?: string): number {
  if (status === undefined) return census.pets.size
  return [...census.pets.values()].filter((s) => s === status).length
}

/**
 * Why a rule that needs `needed` pets (with `status`, when given) could not be judged, or undefined
 * when the census holds enough. The words end up as the skip reason: never a pass without data.
 *
 * @example
 * lackOfData(census, 101) // 'not judged: it needs more than 100 pets in the store; 30 are known (read-only run: it creates none)'
 */
export function lackOfData(census: Census | undefined, needed: number, status?: string): string | undefined {
  if (!census) return 'not judged: the target keeps no state, so there is no data to judge it with'
  if (census.broken) return `not judged: the pets could not be counted (${census.broken})`
  const count = known(census, status)
  if (count >= needed) return undefined
  const what = status === undefined ? 'pets in the store' : `pets with status '${status}'`
  const why = census.budgetSpent
    ? 'the create budget, --max-creates, ran out first'
    : census.writes
      ? 'the run could not create enough'
      : 'read-only run: it creates none'
  return `not judged: it needs at least ${needed} ${what}; ${count} are known (${why})`
}

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
  const schema = limitSchema(context.document)
  const maximum = Number(schema.maximum)
  const defaultLimit = Number(schema.default)
  const statuses = (context.document.components.schemas.PetStatus?.enum ?? []) as string[]
  const census: Census = { pets: new Map(), created: new Set(), writes: create }
  const pages = await Promise.all(
    [undefined, ...statuses].map((status) =>
      context.send({
        operation: 'listPets',
        method: 'GET',
        path: `/pets?limit=${maximum}${status === undefined ? '' : `&status=${status}`}`,
      }),
    ),
  )
  for (const page of pages) {
    const pets = petsIn(page)
    // A broken list is for the checks to report, not for this step to work around.
    if (!pets) {
      census.broken = `GET ${page.request.path} answered ${page.status || page.error}`
      return census
    }
    for (const pet of pets)
      census.pets.set(String(pet.id), typeof pet.status === 'string' ? pet.status : undefined)
  }
  if (!create) return census

  const plan: string[] = []
  for (const status of statuses) {
    for (let n = known(census, status); n <= defaultLimit; n++) plan.push(status)
  }
  for (let n = known(census) + plan.length, i = 0; n <= maximum; n++, i++)
    plan.push(statuses[i % statuses.length] as string)
  await inPool(plan, 10, async (status) => {
    if (census.budgetSpent) return
    const body = JSON.stringify({ name: context.petName('seed'), categoryId: 1, status })
    let created: Awaited<ReturnType<CheckContext['send']>>
    try {
      created = await context.send({ operation: 'createPet', method: 'POST', path: '/pets', body })
    } catch (error) {
      // Past --max-creates the list rules get the data there is, and say how much they needed.
      if (!(error instanceof CreateBudgetSpent)) throw error
      census.budgetSpent = true
      return
    }
    const id = (created.json as { id?: unknown } | undefined)?.id
    if (created.status !== 201 || id === undefined) return
    census.pets.set(String(id), status)
    census.created.add(String(id))
  })
  return census
}
