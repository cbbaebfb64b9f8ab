import { plural } from '../kit/text/plural.ts'
import { type BoundaryState, boundaryStatesOf, pageClassesOf, storeBounds } from './boundaryStates.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import type { ListQuery } from './ListQuery.ts'

/** One answer as state coverage reads it: only answers to requests the document accepts. */
export type StateObservation =
  /** A listPets 200 whose body is an array: the ids and statuses of its pets. */
  | ({ operation: 'listPets'; page: ReadonlyArray<{ id: bigint; status: unknown }> } & ListQuery)
  | { operation: 'getPet'; id: bigint; answered: number; status?: unknown }
  /** A createPet 201: the pet it assigned. */
  | { operation: 'createPet'; id: bigint; status: unknown }

/** A state as the report shows it: how many answers visited it, and why none did. */
export interface StateSeen extends Pick<BoundaryState, 'id' | 'rule' | 'description'> {
  seen: number
  /** Set when no answer visited it: what the run saw instead, or why no answer can. */
  reason?: string
  /** Set when no answer can show it: never, or not on a store as populated as the run found it (pets are never removed). */
  unreachable?: true
}

export interface StateCoverageReport {
  visited: number
  total: number
  states: StateSeen[]
}

/** Why a state of a smaller store cannot be reached once the run saw a larger one. */
const NO_DELETE = 'and pets are never removed (the interface has no delete)'

/** Ids answered 404 the run remembers at most, to see one assigned later. */
const MISSED_MAX = 10_000

/**
 * Which states of `boundaryStatesOf(model)` the run's answers visited, in the order they completed.
 * What the run knows of the store is a lower bound (pets seen in answers; a shared target holds
 * others): a state is counted only when an answer shows it, and one never shown is reported with why,
 * from what the run saw (a seeded store is never empty; the document shows no count).
 *
 * @example
 * const states = new StateCoverage(model)
 * states.see({ operation: 'listPets', status: 'sold', page: [] }) // ['first-answers/listPets', 'page/default/none', 'filter/sold/none', …]
 * states.report().visited // 5
 */
export class StateCoverage {
  readonly #model: InterfaceModel
  readonly #states: BoundaryState[]
  readonly #seen = new Map<string, number>()
  readonly #statusOf = new Map<bigint, unknown>()
  readonly #perStatus = new Map<unknown, number>()
  readonly #missed = new Set<bigint>()
  /** Per filter (`''`: none), the pets known to match when the run first wrote: a store is never smaller later. */
  readonly #beforeWrite = new Map<string, number>()
  #wrote = false
  #created = 0
  #gets404 = 0

  constructor(model: InterfaceModel) {
    this.#model = model
    this.#states = boundaryStatesOf(model)
  }

  /** A write is about to go out: later answers are no longer the run's first. */
  writing(): void {
    if (this.#wrote) return
    this.#wrote = true
    this.#knownPerFilter(this.#beforeWrite)
  }

  /** Per filter (`''`: none), the pets known to match it now. */
  #knownPerFilter(into = new Map<string, number>()): Map<string, number> {
    for (const status of ['', ...this.#model.statuses]) into.set(status, this.known(status || undefined))
    return into
  }

  visited(id: string): boolean {
    return this.#seen.has(id)
  }

  /** Pets known to match `status` (every pet known when undefined): a lower bound. */
  known(status?: string): number {
    return status === undefined ? this.#statusOf.size : (this.#perStatus.get(status) ?? 0)
  }

  /**
   * Ids once answered 404 that are likely assigned now: known to the run, or below `largest` (an id
   * the target assigned since, on a target that counts up). Fetching one may visit `id/assigned-later`.
   */
  missedSince(largest: bigint | undefined): bigint[] {
    return [...this.#missed].filter((id) => this.#statusOf.has(id) || (largest !== undefined && id < largest))
  }

  /** Records what one answer shows; returns the ids of the states it visited. */
  see(observation: StateObservation): string[] {
    const visited: string[] = []
    const visit = (id: string) => {
      this.#seen.set(id, (this.#seen.get(id) ?? 0) + 1)
      visited.push(id)
    }
    if (!this.#wrote && observation.operation !== 'createPet') visit(`first-answers/${observation.operation}`)
    switch (observation.operation) {
      case 'createPet':
        this.#created++
        this.#learn(observation.id, observation.status)
        break
      case 'getPet':
        if (observation.answered === 404) {
          this.#gets404++
          if (!this.#statusOf.has(observation.id)) {
            visit('id/unassigned')
            if (this.#missed.size < MISSED_MAX) this.#missed.add(observation.id)
          }
        } else if (observation.answered === 200) {
          if (this.#missed.delete(observation.id)) visit('id/assigned-later')
          this.#learn(observation.id, observation.status)
        }
        break
      case 'listPets':
        this.#seeList(observation, visit)
        break
    }
    // More pets known than a bound: the store holds more, whatever else it holds.
    for (const bound of storeBounds(this.#model))
      if (this.#statusOf.size > bound && !this.#seen.has(`store/${bound}/above`))
        visit(`store/${bound}/above`)
    return visited
  }

  #seeList(list: Extract<StateObservation, { operation: 'listPets' }>, visit: (id: string) => void): void {
    for (const pet of list.page) this.#learn(pet.id, pet.status)
    const limitCase = list.limit === undefined ? 'default' : 'given'
    const limit = list.limit ?? this.#model.limit.default
    const known = this.known(list.status)
    for (const pageClass of pageClassesOf(list.page.length, limit, known)) {
      const id = `page/${limitCase}/${pageClass}`
      if (this.#states.some((state) => state.id === id)) visit(id)
    }
    if (list.status !== undefined) visit(`filter/${list.status}/${list.page.length === 0 ? 'none' : 'some'}`)
    // A page with room left holds the whole store: its exact size then.
    const size = list.page.length
    if (list.status === undefined && size < limit)
      for (const bound of storeBounds(this.#model))
        visit(`store/${bound}/${size < bound ? 'below' : size === bound ? 'at' : 'above'}`)
  }

  #learn(id: bigint, status: unknown): void {
    if (this.#statusOf.has(id)) return
    this.#statusOf.set(id, status)
    this.#perStatus.set(status, (this.#perStatus.get(status) ?? 0) + 1)
  }

  /** Every state, with how often it was visited and, for one never visited, why. */
  report(): StateCoverageReport {
    const states = this.#states.map((state): StateSeen => {
      const seen = this.#seen.get(state.id) ?? 0
      const { id, rule, description } = state
      if (seen > 0) return { id, rule, description, seen }
      const reason = this.#why(state)
      const unreachable = state.unobservable !== undefined || reason.endsWith(NO_DELETE)
      return { id, rule, description, seen, reason, ...(unreachable && { unreachable }) }
    })
    return { visited: states.filter((state) => state.seen > 0).length, total: states.length, states }
  }

  #why(state: BoundaryState): string {
    if (state.unobservable) return state.unobservable
    const [rule, part, side] = state.id.split('/') as [string, string, string | undefined]
    // Pets never go away: what the run saw before its first write (or ever, when it wrote nothing) the store held since.
    const early = this.#wrote ? this.#beforeWrite : this.#knownPerFilter()
    const until = `${this.#wrote ? 'wrote anything' : 'ended'}, ${NO_DELETE}`
    switch (rule) {
      case 'first-answers':
        return this.#wrote
          ? `the run's first ${part} was answered after its first write`
          : `the run sent no ${part} it could judge`
      case 'filter':
        if (side === 'none' && (early.get(part) ?? 0) > 0)
          return `the run saw ${early.get(part)} pets with status ${part} before it ${until}`
        return side === 'none'
          ? `the run never listed status=${part} while none matched`
          : `the run saw no pet with status ${part}`
      case 'id':
        if (this.#gets404 === 0) return 'no getPet was answered 404'
        if (this.#created === 0) return 'the run created no pet'
        return `none of the ids answered 404 was assigned later (the target does not assign the next id after the largest known)`
      case 'store': {
        const bound = Number(part)
        if (side === 'above') return `the run knew of ${this.#statusOf.size} pets, not more than ${bound}`
        const first = early.get('') ?? 0
        if (first >= bound + (side === 'at' ? 1 : 0))
          return `the run saw ${first} pets in the store before it ${until}`
        return `no page with room left showed a store of that size`
      }
      default: {
        const { limit } = this.#model
        // A page one short of a given limit needs only a filter matching fewer than the maximum.
        const target = { none: 0, one: 1, ...(part === 'default' && { short: limit.default - 1 }) }[
          side ?? ''
        ]
        if (target !== undefined && Math.min(...early.values()) > target)
          return `every filter already matched more than ${plural(target, 'pet')} before the run ${until}`
        const needed = (part === 'default' ? limit.default : 1) + (side === 'beyond' ? 1 : 0)
        // Every pet known matches no filter: no filter matches more.
        if ((side === 'full' || side === 'beyond') && this.known() < needed)
          return `the run knew of at most ${this.known()} pets matching one filter`
        return 'no listPets answer the run judged showed it'
      }
    }
  }
}
