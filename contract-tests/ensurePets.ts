import { operationById, parameterOf } from '../spec/runtime.ts'
import type { CheckContext } from './Check.ts'

/**
 * Makes sure the target holds more pets than the default limit, and at least one of each status,
 * creating the few that are missing (named by `context.petName`). Without them a server that
 * ignores the default limit, `limit` or the status filter could pass because it has too little data.
 * Runs only when the run may write and the target keeps state. At most default + 1 creates.
 *
 * @example
 * await ensurePets(context) // on an empty server: 21 creates, all three statuses among them
 */
export async function ensurePets(context: CheckContext): Promise<void> {
  const defaultLimit = Number(
    parameterOf(operationById(context.document, 'listPets'), 'limit').schema.default,
  )
  const statuses = (context.document.components.schemas.PetStatus?.enum ?? []) as string[]
  const listed = await context.send({ operation: 'listPets', method: 'GET', path: '/pets?limit=100' })
  // A broken list is for the checks to report, not for this step to work around.
  if (!Array.isArray(listed.json)) return
  const pets = listed.json as Array<{ status?: unknown }>
  const missing = statuses.filter((status) => !pets.some((pet) => pet.status === status))
  const creates = Math.max(defaultLimit + 1 - pets.length, missing.length)
  for (let i = 0; i < creates; i++) {
    const status = missing[i] ?? statuses[i % statuses.length]
    const body = JSON.stringify({ name: context.petName(`seed-${i}`), categoryId: 1, status })
    const created = await context.send({ operation: 'createPet', method: 'POST', path: '/pets', body })
    if (created.status !== 201) return
  }
}
