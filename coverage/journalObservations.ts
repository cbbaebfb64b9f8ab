// A request journal (the mock's session, the proxy's traffic) as coverage observations: one mapping,
// so the mock's `/__mock/coverage` and the proxy's count the same requests the same way.
import type { JournalEntry } from '../kit/journal/RequestJournal.ts'
import { parseJsonLossless } from '../kit/json/exactJson.ts'
import type { Router } from '../spec/Router.ts'
import type { Observation } from './coverageOf.ts'

/** What coverage reads of a journal entry: its operation (null: none) when the journal says. */
export type JournalLine = Pick<JournalEntry, 'method' | 'path' | 'query' | 'body' | 'status'> & {
  operation?: string | null | undefined
}

/**
 * The observations of the entries under the router's base path, in order, with the operation each
 * was routed to when recorded (which a path the journal clipped cannot change).
 *
 * @example
 * journalObservations([{ method: 'GET', path: '/v1/pets', query: { limit: '5' }, status: 200 }], spec.router('/v1'))
 * // [{ method: 'GET', path: '/pets', query: [['limit', '5']], status: 200 }]
 */
export function journalObservations(entries: readonly JournalLine[], router: Router): Observation[] {
  return entries.flatMap((entry) => {
    const path = router.below(entry.path)
    if (path === undefined) return []
    return {
      method: entry.method,
      path,
      query: Object.entries(entry.query).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one) => [name, one] as const),
      ),
      ...(entry.body === undefined ? {} : { body: parseJsonLossless(entry.body) }),
      status: entry.status,
      ...(entry.operation !== undefined && { operationId: entry.operation }),
    }
  })
}
