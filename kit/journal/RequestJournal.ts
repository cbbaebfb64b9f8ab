import type { MemoryBudget } from '../memory/MemoryBudget.ts'

/** One request as the journal keeps it: what the app sent and what the mock answered. */
export interface JournalEntry {
  method: string
  /** The path as sent (still percent-encoded), without the query. */
  path: string
  /** The query as parsed: a value per name, an array when the name is repeated. */
  query: Record<string, string | string[]>
  status: number
  /** The spec operation the request was routed to, or null (unknown path, bad session). */
  operation: string | null
  /** When the answer was sent, ISO 8601 in UTC. */
  time: string
  /** The request body, if any: its first JOURNAL_BODY_CHARS characters (then `…`), secrets as `***`. */
  body?: string
  /** Only on a forced response: `prefer` (a `Prefer: code=` header) or `next-response`. */
  forced?: 'prefer' | 'next-response'
  /** The id of the pet a 201 created, as text (kept apart from the response body, which may be cut). */
  createdId?: string
  /** The response body, if any, kept as `body` is: what `breaks` judges against another document. */
  responseBody?: string
  /** Only when the request carried no Authorization header: a replay sends it without a key. */
  keyless?: true
}

/** Requests kept per session when no size is given. */
export const JOURNAL_SIZE = 500

/** What a journal charges for its entries, and to what (the HTTP mock's one memory budget). */
export interface JournalCosts<T> {
  budget: MemoryBudget
  /** The bytes one entry costs; cheap, on the request path. */
  cost(entry: T): number
}

/**
 * A ring buffer of the requests one session received, oldest first: once full, each new entry
 * overwrites the oldest. `T` is what is kept per request (the HTTP mock keeps raw facts). With
 * `costs`, every entry is charged to a memory budget shared with the other sessions: one that does
 * not fit drops this journal's oldest entries until it does, and is kept even when none is left (a
 * request is never refused for its journal entry), so a journal passes the budget by one entry at most.
 *
 * @example
 * const journal = new RequestJournal(2)
 * journal.record(a); journal.record(b); journal.record(c)
 * journal.entries() // [b, c]
 */
export class RequestJournal<T = JournalEntry> {
  readonly capacity: number
  readonly #costs: JournalCosts<T> | undefined
  #ring: (T | undefined)[] = []
  /** What each kept entry was charged: dropping the oldest reads this, not its strings (out of cache). */
  #charges: number[] = []
  /** Where the oldest entry is. */
  #start = 0
  #count = 0
  #dropped = 0
  #charged = 0
  /** Entries recorded since start (never reset): with `dropped`, what changed (the inspector's ETag). */
  #recorded = 0
  #clears = 0

  constructor(capacity: number = JOURNAL_SIZE, costs?: JournalCosts<T>) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new Error('capacity must be 1 or more')
    this.capacity = capacity
    this.#costs = costs
  }

  record(entry: T): void {
    this.#recorded++
    const costs = this.#costs
    const cost = costs ? costs.cost(entry) : 0
    if (this.#count === this.capacity) this.#dropOldest()
    if (costs) {
      while (this.#count > 0 && !costs.budget.fits(cost)) this.#dropOldest()
      costs.budget.force(cost)
      this.#charged += cost
    }
    // Writing at the ring's length appends: the arrays stay packed while the ring fills.
    const at = (this.#start + this.#count) % this.capacity
    this.#ring[at] = entry
    this.#charges[at] = cost
    this.#count++
  }

  /** The kept entries, newest last. */
  entries(): T[] {
    const kept: T[] = []
    for (let i = 0; i < this.#count; i++) kept.push(this.#ring[(this.#start + i) % this.capacity] as T)
    return kept
  }

  /** How many entries were dropped (overwritten, or for the memory budget) since the last clear. */
  get dropped(): number {
    return this.#dropped
  }

  /** Changes one each time an entry is recorded or the journal cleared. */
  get version(): string {
    return `${this.#recorded}.${this.#clears}`
  }

  clear(): void {
    this.#costs?.budget.release(this.#charged)
    this.#charged = 0
    this.#ring = []
    this.#charges = []
    this.#start = 0
    this.#count = 0
    this.#dropped = 0
    this.#clears++
  }

  #dropOldest(): void {
    const cost = this.#charges[this.#start] as number
    this.#ring[this.#start] = undefined
    this.#start = (this.#start + 1) % this.capacity
    this.#count--
    this.#dropped++
    this.#charged -= cost
    this.#costs?.budget.release(cost)
  }
}
