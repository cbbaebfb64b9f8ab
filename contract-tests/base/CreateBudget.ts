import { exactField } from '../../kit/json/exactJson.ts'
import { plural } from '../../kit/text/plural.ts'
import { NotJudged } from './notJudged.ts'

// What the budget reads of a request and of its answer: it sits below the HTTP layer, so it names
// only these fields of ProbeRequest and Exchange (http/exchange.ts), which give them.
interface CountedRequest {
  operation?: string | undefined
  method: string
}
interface SettledAnswer {
  status: number
  json: unknown
}

/**
 * The most createPet requests a run lets store a pet, by default. The API has no delete, so on a
 * shared staging every run's pets stay forever: a few hundred per run, not thousands. A default run
 * against a store that needs seeding spends about 100 on the data the list rules need, about 40 on
 * the fixed checks, and the rest in the model phase.
 */
export const DEFAULT_MAX_CREATES = 300

/** Thrown by `send` for a createPet once the budget is spent: the check that needed it is skipped with the reason. */
export class CreateBudgetSpent extends NotJudged {
  override name = 'CreateBudgetSpent'
}

/** What a run wrote: pets created (2xx to createPet), and their id range as exact integer text. */
export interface Footprint {
  /** createPet answered 2xx: a pet stored. */
  created: number
  /** createPet unanswered, or answered 5xx: it may have stored a pet (counted against the budget). */
  uncertain: number
  maxCreates: number
  /** What every name the run gives a pet starts with (`ct` + 7 characters of the run id). */
  tag: string
  /** The smallest and largest id of the pets created, as exact digits (int64 beyond 2^53 included). */
  minId?: string
  maxId?: string
}

/**
 * Counts the run's creates and holds them to `--max-creates`. A createPet reserves a slot before it
 * is sent; an answer that cannot have stored a pet (a 4xx: most of the negatives) gives it back.
 * While every slot is reserved by requests in flight, the next create waits for one of them; once
 * the slots are all spent, `reserve` throws CreateBudgetSpent. So a run never stores more than the
 * budget, whatever the target accepts and however many creates are sent at once.
 *
 * @example
 * const budget = new CreateBudget(300)
 * await budget.reserve() // throws CreateBudgetSpent once 300 creates may have stored a pet
 * budget.settle(exchange)
 */
export class CreateBudget {
  readonly max: number
  #created = 0
  #uncertain = 0
  #inFlight = 0
  #minId: bigint | undefined
  #maxId: bigint | undefined
  #waiting: Array<() => void> = []

  constructor(max: number) {
    this.max = max
  }

  /** Slots neither spent nor reserved. */
  get left(): number {
    return Math.max(0, this.max - this.#created - this.#uncertain - this.#inFlight)
  }

  /** Whether a request counts against the budget: every createPet, whatever its body or key. */
  static counts(request: CountedRequest): boolean {
    return request.operation === 'createPet' && request.method === 'POST'
  }

  /** Reserves a slot for a createPet, waiting while the slots are reserved by creates in flight. */
  async reserve(): Promise<void> {
    for (;;) {
      if (this.left > 0) {
        this.#inFlight++
        return
      }
      if (this.#inFlight === 0)
        throw new CreateBudgetSpent(
          `the run's create budget is spent (--max-creates ${this.max}: ${plural(this.#created, 'pet')} created${this.#uncertain > 0 ? `, ${plural(this.#uncertain, 'create')} unanswered or 5xx` : ''}); raise --max-creates to judge it`,
        )
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
  }

  /**
   * Gives back or spends the slot of an answered (or failed) create. `refused`: the answer is a
   * documented refusal that stores nothing (the spec's 507 with its Error body), so it is given back.
   */
  settle(exchange: SettledAnswer | undefined, refused = false): void {
    this.#inFlight--
    const status = exchange?.status ?? 0
    if (status >= 200 && status < 300) {
      this.#created++
      this.#noteId(exactField(exchange?.json, 'id'))
    } else if ((status === 0 || status >= 500) && !refused) this.#uncertain++
    for (const wake of this.#waiting.splice(0)) wake()
  }

  #noteId(id: unknown): void {
    if (typeof id !== 'bigint' && !Number.isSafeInteger(id)) return
    const value = BigInt(id as number | bigint)
    if (this.#minId === undefined || value < this.#minId) this.#minId = value
    if (this.#maxId === undefined || value > this.#maxId) this.#maxId = value
  }

  /** What was written, for the reports; `tag` is the run's. */
  footprint(tag: string): Footprint {
    return {
      tag,
      created: this.#created,
      uncertain: this.#uncertain,
      maxCreates: this.max,
      ...(this.#minId === undefined ? {} : { minId: String(this.#minId), maxId: String(this.#maxId) }),
    }
  }
}
