import type { Check } from './Check.ts'
import { petsIn } from './describeResponse.ts'
import { judge } from './judge.ts'

/** §4.3: getPet answers 404 with an Error body for a pet that does not exist. */
export const unknownPetNotFound: Check = {
  name: 'unknown_pet_not_found',
  level: 'required',
  description: () => 'getPet answers 404 for an id no pet has, below and beyond 2^32 (§4.3).',
  operations: ['getPet'],
  needs: ['state'],
  async run(context) {
    // An id beyond every listed one, and within 2^53 so any client can send it exactly.
    const listed = await context.call('listPets', { limit: context.vocabulary.limit.maximum })
    const ids = (petsIn(listed) ?? []).flatMap((pet) =>
      Number.isSafeInteger(pet.id) ? [pet.id as number] : [],
    )
    const highest = Math.max(0, ...ids)
    const shown = new Set(ids)
    // And one beyond 2^32, still a plain int64 the document says gets 404: a server that parses
    // petId into an int32 answers 400 there (Received/Documented names the id). Capped at 2^53 - 1,
    // where a listed pet may be: then the highest id below it that no list showed.
    const beyond = (from: number) => {
      let id = Math.min(Number.MAX_SAFE_INTEGER, from + 1_000_000_007)
      while (shown.has(id)) id--
      return id
    }
    const unknownIds = [...new Set([highest, Math.max(highest, 2 ** 32)].map(beyond))]
    const exchanges = await Promise.all(unknownIds.map((id) => context.call('getPet', { petId: id })))
    const findings = exchanges.flatMap(
      (exchange, i) =>
        judge(
          exchange,
          'getPet',
          exchange.status === 404,
          `404 with an Error body for id ${unknownIds[i]}, which no pet has`,
        ).findings,
    )
    return { findings }
  },
}
