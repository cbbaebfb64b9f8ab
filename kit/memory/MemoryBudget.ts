/** Bytes the HTTP mock keeps for all sessions together unless told otherwise (`--max-memory`, in MiB). */
export const DEFAULT_MEMORY_MIB = 256

/**
 * What one stored pet costs beyond the values it holds: the object, its slots in the id map and the
 * two creation-order arrays. Measured on Node 24 (heap used per pet over 100,000 creates, one-letter
 * names shared): ~111 bytes. Rounded up so the budget errs on the safe side. Each value the pet holds
 * is charged besides, at any depth (`heldBytes`).
 */
export const PET_OVERHEAD_BYTES = 200
/** What one journal entry costs beyond its text (the record object, its slot in the ring); measured ~100 bytes. */
export const JOURNAL_OVERHEAD_BYTES = 200
/**
 * What one named session costs before it holds anything: its store (sharing the seed), journal,
 * forced responses and registry slot, with a 64-character name. Measured on Node 24 (heap used per
 * session over 10,000 sessions made): ~1,725 bytes. Rounded up, as the others.
 */
export const SESSION_OVERHEAD_BYTES = 2_048

/**
 * The bytes of text a string may cost: V8 keeps a string with any character past U+00FF at two bytes
 * a character. Counted as two for every character, so the budget holds whatever the text.
 */
export function textBytes(chars: number): number {
  return chars * 2
}

/**
 * One memory budget for all that clients can make the mock keep at run time, across sessions: the
 * sessions, pets created, seeds given to `POST /__mock/reset`, journal entries (what it loads at start
 * is shared, not charged). Costs are upper bounds of measured sizes (PET_OVERHEAD_BYTES, `heldBytes`,
 * `textBytes`): the heap is never measured on the request path.
 *
 * @example
 * const budget = new MemoryBudget(1024)
 * budget.charge(1000) // true
 * budget.charge(100) // false: nothing charged
 * budget.release(1000)
 */
export class MemoryBudget {
  readonly limit: number
  /** What the budget is for, with the flag that sets it, as messages name it. */
  readonly #named: string
  #used = 0

  constructor(limitBytes: number, named = "The mock's memory budget for all sessions (--max-memory)") {
    if (!(limitBytes >= 0)) throw new Error('a memory budget must be 0 bytes or more')
    this.limit = limitBytes
    this.#named = named
  }

  /** Bytes charged now. */
  get used(): number {
    return this.#used
  }

  /** Whether `bytes` more would fit. */
  fits(bytes: number): boolean {
    return this.#used + bytes <= this.limit
  }

  /** Charges `bytes` when they fit and says so; charges nothing otherwise. */
  charge(bytes: number): boolean {
    const fits = this.fits(bytes)
    if (fits) this.#used += bytes
    return fits
  }

  /** Charges `bytes` whether or not they fit (what cannot be refused, such as a journal's last entry). */
  force(bytes: number): void {
    this.#used += bytes
  }

  release(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes)
  }

  /** Said in a 507 when a write does not fit. */
  describe(): string {
    return `${this.#named}, ${Math.round(this.limit / 1024 / 1024)} MiB, is full`
  }
}

/** A budget that never refuses: the MSW handlers' and plain stores' (their process is the test's own). */
export const UNBOUNDED = new MemoryBudget(Number.POSITIVE_INFINITY)
