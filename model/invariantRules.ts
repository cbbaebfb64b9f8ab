import type { InterfaceModel } from './interfaceModel.ts'

export interface InvariantRule {
  /** The operations whose answers it judges. */
  operations: readonly ('listPets' | 'createPet' | 'getPet')[]
  /** The statuses of the answers it reads (an Error's rule reads every 4xx and 5xx: empty here). */
  answers: readonly number[]
  /** The rule, written from the model (its limits), so an evolved spec changes the sentence. */
  sentence(model: Pick<InterfaceModel, 'limit'>): string
}

const RULES = {
  fetched_pet_is_asked: {
    operations: ['getPet'],
    answers: [200],
    sentence: () => 'A getPet 200 is the Pet whose id is the petId asked for (§4.3).',
  },
  page_within_limit: {
    operations: ['listPets'],
    answers: [200],
    sentence: ({ limit }) =>
      `A listPets 200 holds at most \`limit\` pets (${limit.default} when omitted), whichever request asked (§4.1 rule 1, §8).`,
  },
  page_matches_filter: {
    operations: ['listPets'],
    answers: [200],
    sentence: () => 'Every pet of a listPets 200 asked with `status` has that status (§4.1 rule 2).',
  },
  page_ids_distinct: {
    operations: ['listPets'],
    answers: [200],
    sentence: () => 'No id appears twice in one listPets page: each Pet has its own unique id (§2).',
  },
  created_ids_unique: {
    operations: ['createPet'],
    answers: [201],
    sentence: () =>
      'No two createPet 201 answers of a run carry the same id: each is a new id (§2, §4.2 rule 2).',
  },
  pet_reads_same: {
    operations: ['listPets', 'createPet', 'getPet'],
    answers: [200, 201],
    sentence: () =>
      'A pet reads the same by every route (a list item, a getPet 200 and the createPet 201 of one id), its int64 values exact: the interface has no update (§2, §3, §4).',
  },
  error_status_matches: {
    operations: ['listPets', 'createPet', 'getPet'],
    answers: [],
    sentence: () => 'The status field of every Error body equals the HTTP status code (§7).',
  },
} satisfies Record<string, InvariantRule>

export type InvariantName = keyof typeof RULES

/**
 * What each invariant holds and where the document says it. Judged on every exchange (the suite's
 * every phase, a replay, the proxy) by `judgeInvariants`, never only by the check that sent it.
 *
 * @example
 * INVARIANTS.page_within_limit.sentence(model) // 'A listPets 200 holds at most `limit` pets (20 when omitted) …'
 */
export const INVARIANTS: Readonly<Record<InvariantName, InvariantRule>> = RULES

/** The invariants of the interface, in the order above: rules every answer keeps, whatever the store holds. */
export const INVARIANT_NAMES = Object.keys(INVARIANTS) as readonly InvariantName[]
