import { exactJson } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { sameJson } from '../../model/sameJson.ts'
import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { petIdOf } from '../json/petIdOf.ts'
import type { Check, Finding } from './Check.ts'
import { finding } from './Check.ts'
import { causeOf } from './causeOf.ts'
import { petsIn } from './describeResponse.ts'

/** At most this many listed pets are fetched again: spread over every list the run saw. */
const SAMPLE = 100

/**
 * §4.1 and §4.3 speak of one store (no operation deletes or changes a pet): a server that lists another
 * tenant's pets, or serves the list and getPet from stores that disagree, fails.
 *
 * @example
 * // a list showed {"id":900000,…}; getPet 900000 answered 404 → a finding on listPets
 */
export const listedPetsRetrievable: Check = {
  name: 'listed_pets_retrievable',
  level: 'required',
  description: () =>
    'Every pet a list returned is found by getPet with the same Pet fields: lists and getPet read one store (§4.1, §4.3).',
  operations: ['listPets'],
  needs: ['state'],
  async run(context) {
    // Each pet read exactly, by the digits of its id: an id beyond 2^53 read as a double is another pet's.
    const listed = new Map<string, { id: string; pet: Record<string, unknown>; list: Exchange }>()
    for (const exchange of context.exchanges) {
      if (exchange.request.operation !== 'listPets' || exchange.status !== 200) continue
      for (const item of petsIn(exchange) ?? []) {
        const pet = exactJson(item) as Record<string, unknown>
        const id = petIdOf(item) ?? (typeof pet?.id === 'string' ? pet.id : undefined)
        if (id !== undefined && !listed.has(id)) listed.set(id, { id, pet, list: exchange })
      }
    }
    const all = [...listed.values()]
    if (all.length === 0) return { findings: [], skipped: { listPets: 'not judged: no list returned a pet' } }
    // Evenly spread, so pets deep in the store are fetched too, not only the first page's.
    const step = Math.max(1, all.length / SAMPLE)
    const sample = Array.from(
      { length: Math.min(SAMPLE, all.length) },
      (_, i) => all[Math.floor(i * step)],
    ).filter((entry) => entry !== undefined)
    const fetched = await inPool(sample, 8, ({ id }) => context.call('getPet', { petId: id }))
    // The Pet fields the spec declares: a server may add others that differ between list and getPet.
    const fields = context.vocabulary.pet.fields
    const findings: Finding[] = []
    for (const [i, { id, pet, list }] of sample.entries()) {
      const got = fetched[i] as Exchange
      const again = exactJson(got.json) as Record<string, unknown> | undefined
      const same =
        got.status === 200 &&
        typeof again === 'object' &&
        again !== null &&
        fields.every((field) => sameJson(again[field], pet[field]))
      if (same) continue
      const received = `the list showed ${toJsonText(pet).slice(0, 200)}; getPet ${id} answered ${got.status} ${got.text.slice(0, 200)}`
      const found = finding(
        list,
        'listPets',
        received,
        'every listed pet found by getPet, identical (§4.1, §4.3)',
      )
      // The getPet, not the list, shows what went wrong (another pet, another status).
      const cause = causeOf(got, '200')
      findings.push({ ...found, ...(cause && { cause }) })
      if (findings.length >= 3) break
    }
    return { findings }
  },
}
