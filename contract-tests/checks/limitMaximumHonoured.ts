import { plural } from '../../kit/text/plural.ts'
import { NotJudged } from '../base/notJudged.ts'
import { type Check, type Finding, finding } from './Check.ts'
import { describeResponse, petsIn } from './describeResponse.ts'

/**
 * §8's maximum, carried over to a limit above it: refused or clamped, never more pets than the maximum.
 * Only recommended: §7 leaves the answer to an out-of-range limit open, so a server may honour it.
 */
export const limitMaximumHonoured: Check = {
  name: 'limit_maximum_honoured',
  level: 'recommended',
  because:
    '§8 sets the maximum, but §7 does not show the answer to a limit above it: refusing and clamping are both open.',
  description: ({ limit }) =>
    `A limit above the maximum never yields more than ${plural(limit.maximum, 'pet')}, whether the server refuses it or clamps it (§8); recommended, since §7 leaves the answer to an out-of-range limit open.`,
  operations: ['listPets'],
  needs: [],
  async run(context) {
    const { maximum } = context.vocabulary.limit
    const findings: Finding[] = []
    let shortPages = 0
    let answered = 0
    for (const limit of [maximum + 1, 10 * maximum]) {
      const exchange = await context.call('listPets', { limit }, { kind: 'gap' })
      const pets = petsIn(exchange)
      if (exchange.status !== 0) answered++
      if (exchange.status < 200 || exchange.status >= 300) continue
      if (pets && pets.length < maximum) shortPages++
      const expected = `a 4xx, or at most ${plural(maximum, 'pet')}, for limit=${limit}`
      if (!pets || pets.length > maximum)
        findings.push(finding(exchange, 'listPets', describeResponse(exchange), expected))
    }
    if (answered === 0)
      throw new NotJudged(
        `no answer to limit=${maximum + 1} nor limit=${10 * maximum} (see no_server_errors)`,
      )
    // A page shorter than the maximum cannot tell clamping from a small store.
    if (findings.length === 0 && shortPages === 2)
      throw new NotJudged(
        `the target answered with fewer than ${plural(maximum, 'pet')}, so clamping at ${maximum} could not show`,
      )
    return { findings }
  },
}
