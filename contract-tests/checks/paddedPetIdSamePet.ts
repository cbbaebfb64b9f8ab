import type { Check } from './Check.ts'
import { petsIn } from './describeResponse.ts'
import { judge } from './judge.ts'

/** Wider than any int64 written plainly (19 digits): a reader that guesses by length is caught out. */
const PADDED_WIDTH = 20

/**
 * A listed pet's id with leading zeros (`00000000000000000001`) is the same integer: a 404 says a pet
 * the list just showed does not exist.
 *
 * @example
 * // list showed {"id":1,…}; getPet 00000000000000000001 answered 404 → a finding
 */
export const paddedPetIdSamePet: Check = {
  name: 'padded_pet_id_same_pet',
  level: 'recommended',
  because:
    '§4.3 gives petId as an int64 but does not say whether leading zeros may spell it; 400 is accepted too.',
  description: () =>
    'A listed pet’s id written with leading zeros, wider than any plain int64, gets that pet, or 400; not 404 or another pet.',
  operations: ['getPet'],
  needs: ['state'],
  async run(context) {
    const listed = await context.call('listPets', { limit: context.vocabulary.limit.minimum })
    const pet = petsIn(listed)?.[0]
    // However the id was read (a number, or exact digits), its text is what gets padded.
    const id = pet ? String(pet.id) : ''
    if (!/^\d+$/.test(id))
      return { findings: [], skipped: { getPet: 'not judged: no list returned a pet with a plain id' } }
    const padded = id.padStart(PADDED_WIDTH, '0')
    const got = await context.call('getPet', { petId: padded })
    const same =
      got.status === 200 &&
      typeof got.json === 'object' &&
      got.json !== null &&
      String((got.json as Record<string, unknown>).id) === id
    return judge(
      got,
      'getPet',
      same || got.status === 400,
      `pet ${id} (or 400) for petId ${padded}, the id ${id} written with leading zeros`,
    )
  },
}
