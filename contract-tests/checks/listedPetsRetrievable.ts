import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import type { Check, Finding } from './Check.ts'
import { finding } from './Check.ts'
import { petsIn } from './describeResponse.ts'

/** At most this many listed pets are fetched again: spread over every list the run saw. */
const SAMPLE = 100

/**
 * §4.1 and §4.3 speak of one store: a pet a list returned is found by getPet, identical (no
 * operation deletes a pet or changes it). A server that lists another tenant's pets, or serves the
 * list and getPet from stores that disagree, fails.
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
    const listed = new Map<string, { pet: Record<string, unknown>; list: Exchange }>()
    for (const exchange of context.exchanges) {
      if (exchange.request.operation !== 'listPets' || exchange.status !== 200) continue
      for (const pet of petsIn(exchange) ?? []) {
        const id = typeof pet === 'object' && pet !== null ? pet.id : undefined
        if ((typeof id === 'number' || typeof id === 'string') && !listed.has(String(id)))
          listed.set(String(id), { pet, list: exchange })
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
    const fetched = await inPool(sample, 8, ({ pet }) => context.call('getPet', { petId: String(pet.id) }))
    // The Pet fields the spec declares: a server may add others that differ between list and getPet.
    const fields = context.vocabulary.pet.fields
    const findings: Finding[] = []
    for (const [i, { pet, list }] of sample.entries()) {
      const got = fetched[i] as Exchange
      const same =
        got.status === 200 &&
        typeof got.json === 'object' &&
        got.json !== null &&
        fields.every(
          (field) =>
            JSON.stringify((got.json as Record<string, unknown>)[field]) === JSON.stringify(pet[field]),
        )
      if (same) continue
      findings.push(
        finding(
          list,
          'listPets',
          `the list showed ${JSON.stringify(pet).slice(0, 200)}; getPet ${String(pet.id)} answered ${got.status} ${got.text.slice(0, 200)}`,
          'every listed pet found by getPet, identical (§4.1, §4.3)',
        ),
      )
      if (findings.length >= 3) break
    }
    return { findings }
  },
}
