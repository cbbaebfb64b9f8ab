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
  /** When the answer was sent, ISO 8601. */
  time: string
}

/** Requests kept per session when no size is given. */
export const JOURNAL_SIZE = 500

/**
 * A bounded ring buffer of the requests one session received, oldest first: once full, each new
 * entry overwrites the oldest, so memory stays at `capacity` entries whatever the traffic. `T` is
 * what is kept per request (the HTTP mock keeps raw facts and formats them when read).
 *
 * @example
 * const journal = new RequestJournal(2)
 * journal.record(a); journal.record(b); journal.record(c)
 * journal.entries() // [b, c]
 */
export class RequestJournal<T = JournalEntry> {
  readonly capacity: number
  #ring: T[] = []
  /** Where the next entry goes once the ring is full (it holds the oldest entry). */
  #next = 0
  #dropped = 0

  constructor(capacity: number = JOURNAL_SIZE) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new Error('capacity must be 1 or more')
    this.capacity = capacity
  }

  record(entry: T): void {
    if (this.#ring.length < this.capacity) {
      this.#ring.push(entry)
      return
    }
    this.#ring[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
    this.#dropped++
  }

  /** The kept entries, newest last. */
  entries(): T[] {
    return [...this.#ring.slice(this.#next), ...this.#ring.slice(0, this.#next)]
  }

  /** How many entries the ring overwrote since the last clear. */
  get dropped(): number {
    return this.#dropped
  }

  clear(): void {
    this.#ring = []
    this.#next = 0
    this.#dropped = 0
  }
}
