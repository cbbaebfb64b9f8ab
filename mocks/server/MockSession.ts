import { type JournalRecord, journalRecordCost } from '../../kit/journal/journalEntry.ts'
import { RequestJournal } from '../../kit/journal/RequestJournal.ts'
import type { MemoryBudget } from '../../kit/memory/MemoryBudget.ts'
import type { PetStore } from '../core/PetStore.ts'
import { ForcedResponses } from './ForcedResponses.ts'

/** Everything the mock server keeps per session: its pets, its request journal, its forced responses. */
export interface MockSession {
  readonly name: string
  readonly store: PetStore
  readonly journal: RequestJournal<JournalRecord>
  readonly forced: ForcedResponses
  /** Which life of the name this is: a session made again after an eviction gets a new one. */
  readonly serial: number
  /** Gives back to the memory budget all the session holds (it was evicted). */
  release(): void
}

let sessionsMade = 0

/**
 * A session over `store`, with an empty journal of `journalSize` entries (charged to `budget`, the
 * one the store charges too) and nothing forced.
 *
 * @example
 * createMockSession('worker-1', new PetStore(seedPets), 500, budget)
 */
export function createMockSession(
  name: string,
  store: PetStore,
  journalSize: number,
  budget: MemoryBudget,
): MockSession {
  const journal = new RequestJournal<JournalRecord>(journalSize, { budget, cost: journalRecordCost })
  return {
    name,
    store,
    journal,
    forced: new ForcedResponses(),
    serial: ++sessionsMade,
    release() {
      store.release()
      journal.clear()
    },
  }
}
