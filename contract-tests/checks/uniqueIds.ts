import { plural } from '../../kit/text/plural.ts'
import { NotJudged } from '../base/notJudged.ts'
import type { Exchange } from '../http/exchange.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type Check, type Finding, finding } from './Check.ts'

const BURST = 10

/**
 * §2: `id` is unique. A burst of concurrent creates catches a server that reads its next id, awaits,
 * then stores; every id of the run is compared with each other and with the pets there before it.
 */
export const uniqueIds: Check = {
  name: 'unique_ids',
  level: 'required',
  description: () =>
    'Every created pet gets an id no other pet has, when creates arrive at the same time too (a burst of 10 sharing one name, which the document allows), across every create of the run (§2 Pet.id).',
  operations: ['createPet'],
  needs: ['write', 'state'],
  async run(context) {
    const name = context.petName('burst')
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        context.call('createPet', {}, { body: JSON.stringify({ name, categoryId: 1 + (i % 3) }) }),
      ),
    )
    const findings: Finding[] = burst
      .filter((exchange) => exchange.status !== 201)
      .slice(0, 1)
      .map((exchange) => {
        const received = `${exchange.status} for one of ${BURST} concurrent creates sharing the name ${name}`
        return finding(exchange, 'createPet', received, '201 for each valid NewPet: names need not be unique')
      })
    const before = new Set(
      [...(context.census?.pets.keys() ?? [])].filter((id) => !context.census?.created.has(id)),
    )
    const owner = new Map<string, Exchange>()
    for (const exchange of context.exchanges) {
      const id =
        exchange.request.operation === 'createPet' && exchange.status === 201
          ? petIdOf(exchange.json)
          : undefined
      if (id === undefined) continue
      const earlier = owner.get(id)
      const clash = earlier
        ? `the pet created by ${earlier.curl}`
        : before.has(id)
          ? 'a pet that existed before the run'
          : undefined
      if (clash) {
        const received = `id ${id} again, already given to ${clash}`
        findings.push(finding(exchange, 'createPet', received, 'a new, unique id for each created pet'))
        break
      }
      owner.set(id, exchange)
    }
    // No two ids came back (every create failed to answer one): nothing to compare, so not a pass.
    if (findings.length === 0 && owner.size < 2)
      throw new NotJudged(
        `${plural(owner.size, 'create')} of this run answered 201 with an id, so there are no two ids to compare`,
      )
    return { findings }
  },
}
