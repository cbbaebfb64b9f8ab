import { plural } from '../../kit/text/plural.ts'
import { known, lackOfData } from '../base/lackOfData.ts'
import type { Check, Finding } from './Check.ts'
import { pageFinding } from './pageSize.ts'

/** §4.1 rule 2: the page is cut by `limit` after filtering (a page cut first, or filtered only with `limit`, fails). */
export const statusFilter: Check = {
  name: 'status_filter',
  level: 'required',
  description: ({ limit }) =>
    `listPets with status=S returns only pets whose status is S, as many as limit allows (${limit.minimum}, the default, the maximum), for every PetStatus value (§4.1 rules 1, 2); judged with more than ${plural(limit.default, 'pet')} of each status.`,
  operations: ['listPets'],
  needs: ['state'],
  async run(context) {
    const { statuses, limit: rule } = context.vocabulary
    const limits: Array<number | undefined> = [undefined, rule.minimum, rule.maximum]
    const cases = statuses.flatMap((status) => limits.map((limit) => ({ status, limit })))
    const findings: Finding[] = []
    await Promise.all(
      cases.map(async ({ status, limit }) => {
        const exchange = await context.call('listPets', { status, limit })
        const page = {
          limit: limit ?? rule.default,
          known: context.census ? known(context.census, status) : 0,
          status,
          // What was asked, as the query wrote it: `status=sold&limit=1`.
          asked: exchange.request.path.slice(exchange.request.path.indexOf('?') + 1),
        }
        const found = pageFinding(exchange, page)
        if (found) findings.push(found)
      }),
    )
    if (findings.length > 0) return { findings }
    const lack = statuses.map((status) => lackOfData(context.census, rule.default + 1, status)).find(Boolean)
    return { findings, ...(lack && { skipped: { listPets: lack } }) }
  },
}
