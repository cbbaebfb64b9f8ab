/**
 * What the run knows to be in the store (the checks' context holds it, ensurePets fills it): lower bounds, since a page holds at most 100 pets and the
 * API has no count. Pets are never deleted and never change status (no operation does either), so a
 * pet once seen or created stays counted.
 */
export interface Census {
  /** Pets known to exist, by id (as text), with the status each was seen or created with. */
  pets: Map<string, string | undefined>
  /** Pets this run created (201), by id (as text). */
  created: Set<string>
  /** Set when the list answered something that is not a list of pets: nothing can be counted. */
  broken?: string
  /** True when the run may create pets (write mode, stateful target). */
  writes: boolean
  /** True when the run's create budget (--max-creates) ran out while creating the data. */
  budgetSpent?: boolean
}
