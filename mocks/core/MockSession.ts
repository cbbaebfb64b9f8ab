import { ForcedResponses } from './ForcedResponses.ts'
import type { JournalRecord } from './journalEntry.ts'
import type { PetStore } from './PetStore.ts'
import { RequestJournal } from './RequestJournal.ts'

/** Everything the HTTP mock keeps per session: its pets, its request journal, its forced responses. */
export interface MockSession {
  readonly name: string
  readonly store: PetStore
  readonly journal: RequestJournal<JournalRecord>
  readonly forced: ForcedResponses
}

/**
 * A session over `store`, with an empty journal of `journalSize` entries and nothing forced.
 *
 * @example
 * createMockSession('worker-1', new PetStore(seedPets), 500)
 */
export function createMockSession(name: string, store: PetStore, journalSize: number): MockSession {
  return {
    name,
    store,
    journal: new RequestJournal<JournalRecord>(journalSize),
    forced: new ForcedResponses(),
  }
}
