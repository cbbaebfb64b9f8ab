import { INTEGER_RANGES, integerEdges } from '../json/nearMisses.ts'
import { petIdOf } from '../json/petIdOf.ts'
import type { Check } from './Check.ts'
import { describeResponse } from './describeResponse.ts'
import { judge } from './judge.ts'

/**
 * §4.3: `petId` is "integer, format int64", and an id no animal has gets 404. Every integer edge
 * within the format's range (read from the spec's petId schema: 0, ±1, ±2^31, ±2^32, ±2^53 and
 * their neighbours, int64's ends) is an id like any other: a server that reads petId into a
 * narrower type, tests it for truthiness, checks a range off by one or uses it as an index answers
 * 400, a 5xx or another pet there. The pet with that id is right too.
 *
 * @example
 * // getPet 0 answered 400, or getPet -1 answered the last pet → a finding: 404 or the pet with that id
 */
export const extremeIdsNotFound: Check = {
  name: 'extreme_ids_not_found',
  level: 'required',
  description: () =>
    'getPet of every integer edge within int64 (0, ±1, ±2^31, ±2^32, ±2^53 and their neighbours, -2^63, 2^63 - 1) answers 404, or 200 with the pet of that id: each is a valid id (§4.3).',
  operations: ['getPet'],
  needs: ['state'],
  async run(context) {
    const { item, operations } = context.vocabulary
    const petId = operations.get(item?.operationId ?? '')?.parameters.find((p) => p.name === item?.parameter)
    const range = INTEGER_RANGES[String(petId?.schema.format)]
    if (!range) return { findings: [], skipped: { getPet: 'not judged: petId has no integer format' } }
    // Behind Prism, an int64 beyond 2^53 in an answer is flagged by Prism itself.
    const exact = context.capabilities.has('exact-int64')
    const ids = integerEdges(range)
      .map((edge) => edge.value)
      .filter((id) => exact || Number.isSafeInteger(Number(id)))
    const exchanges = await Promise.all(ids.map((petId) => context.call('getPet', { petId })))
    const findings = exchanges.flatMap(
      (exchange, i) =>
        judge(
          exchange,
          'getPet',
          exchange.status === 404 || (exchange.status === 200 && petIdOf(exchange.json) === String(ids[i])),
          `404 with an Error body for id ${ids[i]}, a valid int64 (or 200 with the pet of that id)`,
          `${describeResponse(exchange)} for id ${ids[i]}`,
        ).findings,
    )
    return { findings }
  },
}
