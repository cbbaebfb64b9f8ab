import { type Check, type Finding, finding } from '../Check.ts'
import { describeResponse, petsIn } from './petsIn.ts'

/** §4.1 rule 2: with `status`, every returned pet has that status — for each value of PetStatus. */
export const statusFilter: Check = {
  name: 'status_filter',
  level: 'required',
  description:
    'listPets with status=S returns only pets whose status is S, for every PetStatus value (§4.1 rule 2).',
  operations: ['listPets'],
  needs: ['state'],
  async run(context) {
    const statuses = (context.document.components.schemas.PetStatus?.enum ?? []) as string[]
    const findings: Finding[] = []
    for (const status of statuses) {
      const exchange = await context.send({
        operation: 'listPets',
        method: 'GET',
        path: `/pets?status=${status}&limit=100`,
      })
      const pets = petsIn(exchange)
      const strays = pets?.filter((pet) => pet.status !== status) ?? []
      if (exchange.status !== 200 || !pets || strays.length > 0) {
        const received =
          strays.length > 0
            ? `${strays.length} pets with another status, e.g. ${JSON.stringify(strays[0])}`
            : describeResponse(exchange)
        findings.push(
          finding(exchange, 'listPets', received, `200 with only pets whose status is '${status}'`),
        )
      }
    }
    return { findings }
  },
}
