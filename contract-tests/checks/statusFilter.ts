import { known, lackOfData } from '../base/lackOfData.ts'
import type { Check, Finding } from './Check.ts'
import { limitSchema } from './limitSchema.ts'
import { pageFinding } from './pageSize.ts'

/**
 * §4.1 rule 2, for each PetStatus value, with and without `limit`: every returned pet has the
 * status, and the page is cut by `limit` after filtering (a page cut first, or a filter applied only
 * with `limit`, fails).
 */
export const statusFilter: Check = {
  name: 'status_filter',
  level: 'required',
  description:
    'listPets with status=S returns only pets whose status is S, as many as limit allows (1, the default, the maximum), for every PetStatus value (§4.1 rules 1, 2); judged with more than 20 pets of each status.',
  operations: ['listPets'],
  needs: ['state'],
  async run(context) {
    const statuses = (context.document.components.schemas.PetStatus?.enum ?? []) as string[]
    const schema = limitSchema(context.document)
    const limits: Array<number | undefined> = [undefined, Number(schema.minimum), Number(schema.maximum)]
    const cases = statuses.flatMap((status) => limits.map((limit) => ({ status, limit })))
    const findings: Finding[] = []
    await Promise.all(
      cases.map(async ({ status, limit }) => {
        const query = `status=${status}${limit === undefined ? '' : `&limit=${limit}`}`
        const exchange = await context.send({ operation: 'listPets', method: 'GET', path: `/pets?${query}` })
        const rule = {
          limit: limit ?? Number(schema.default),
          known: context.census ? known(context.census, status) : 0,
          status,
          asked: query,
        }
        const found = pageFinding(exchange, rule)
        if (found) findings.push(found)
      }),
    )
    if (findings.length > 0) return { findings }
    const lack = statuses
      .map((status) => lackOfData(context.census, Number(schema.default) + 1, status))
      .find(Boolean)
    return { findings, ...(lack && { skipped: { listPets: lack } }) }
  },
}
