// A request journal (the mock's session, the proxy's traffic) as coverage observations: one mapping,
// so the mock's `/__mock/coverage` and the proxy's count the same requests the same way.
import type { JournalEntry } from '../kit/journal/RequestJournal.ts'
import { parseJsonLossless } from '../kit/json/exactJson.ts'
import type { Observation } from './coverageOf.ts'

/** What coverage reads of a journal entry: its operation (null: none) when the journal says. */
export type JournalLine = Pick<JournalEntry, 'method' | 'path' | 'query' | 'body' | 'status'> & {
  operation?: string | null | undefined
}

/**
 * The observations of the entries under `basePath` (the others are no operation's), in order, with
 * the operation each was routed to when it was recorded: the server's own answer, which a path
 * clipped by the journal cannot change.
 *
 * @example
 * journalObservations([{ method: 'GET', path: '/v1/pets', query: { limit: '5' }, status: 200 }], '/v1')
 * // [{ method: 'GET', path: '/pets', query: [['limit', '5']], status: 200 }]
 */
export function journalObservations(entries: readonly JournalLine[], basePath: string): Observation[] {
  return entries
    .filter((entry) => entry.path === basePath || entry.path.startsWith(`${basePath}/`))
    .map((entry) => ({
      method: entry.method,
      path: entry.path.slice(basePath.length),
      query: Object.entries(entry.query).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => [name, one] as const),
      ),
      ...(entry.body === undefined ? {} : { body: parseJsonLossless(entry.body) }),
      status: entry.status,
      ...(entry.operation !== undefined && { operationId: entry.operation }),
    }))
}
