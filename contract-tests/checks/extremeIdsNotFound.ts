import { petIdOf } from '../json/petIdOf.ts'
import { INTEGER_RANGES } from '../negative/jsonTypes.ts'
import type { Check, CheckContext } from './Check.ts'
import { petsIn } from './describeResponse.ts'
import { judge } from './judge.ts'

/**
 * §4.3: `petId` is "integer, format int64", and an id no animal has gets 404. The two ends of the
 * format's range (read from the spec's petId schema) are ids like any other: a server that reads
 * petId into a narrower type, or checks the range off by one, answers 400 (or 5xx) at an end.
 *
 * @example
 * // getPet 9223372036854775807 answered 400 → a finding: 404 is documented for an id no pet has
 */
export const extremeIdsNotFound: Check = {
  name: 'extreme_ids_not_found',
  level: 'required',
  description: () =>
    'getPet answers 404 for the smallest and the largest int64 when no pet the run saw has them (or that very pet): both are valid ids (§4.3).',
  operations: ['getPet'],
  needs: ['state', 'exact-int64'],
  async run(context) {
    const ends = petIdRange(context)
    if (!ends) return { findings: [], skipped: { getPet: 'not judged: petId has no integer format' } }
    const seen = seenIds(context)
    const ids = ends.map(String).filter((id) => !seen.has(id))
    const exchanges = await Promise.all(ids.map((petId) => context.call('getPet', { petId })))
    const findings = exchanges.flatMap(
      (exchange, i) =>
        judge(
          exchange,
          'getPet',
          // A pet the run never saw may hold an end (a store may count from it): that pet is right too.
          exchange.status === 404 || (exchange.status === 200 && petIdOf(exchange.json) === ids[i]),
          `404 with an Error body for id ${ids[i]}, an int64 no pet the run saw has (or 200 with that pet)`,
        ).findings,
    )
    return { findings }
  },
}

/** The range of getPet's path parameter's integer format (int64: ±2^63), from the spec. */
function petIdRange(context: CheckContext): readonly [bigint, bigint] | undefined {
  const item = context.vocabulary.item
  const operation = item && context.vocabulary.operations.get(item.operationId)
  const parameter = operation?.parameters.find((p) => p.in === 'path' && p.name === item?.parameter)
  return parameter ? INTEGER_RANGES[String(parameter.schema.format)] : undefined
}

/** Every id a list or a create of this run returned, as the exact digits the server wrote. */
function seenIds(context: CheckContext): Set<string> {
  const ids = new Set<string>()
  for (const exchange of context.exchanges) {
    const pets = petsIn(exchange) ?? (exchange.status < 300 ? [exchange.json] : [])
    for (const pet of pets) {
      const id = petIdOf(pet)
      if (id !== undefined) ids.add(id)
    }
  }
  return ids
}
