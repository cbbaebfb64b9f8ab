import { clip } from './parseListQuery.ts'
import type { JournalEntry } from './RequestJournal.ts'
import { holdsKey } from './redactTarget.ts'

/** Bounds on one entry, so a full journal holds at most a few KiB per entry whatever the URL. */
export const JOURNAL_PATH_CHARS = 512
export const JOURNAL_QUERY_CHARS = 1_024
/** Past this length a target's parts are copied before they are kept (see `detached`). */
const DETACH_FROM_CHARS = 256

/** What the journal keeps of one exchange until it is read: the raw facts, `at` in epoch milliseconds. */
export interface RecordedExchange {
  method: string
  url: string
  status: number
  operation: string | undefined
  at: number
}

/** A journal slot: the raw exchange (a short target), or the finished entry (a long one). */
export type JournalRecord = RecordedExchange | JournalEntry

/**
 * What the journal keeps of one answered request, cheaply: on the request path only the raw facts
 * are stored (parsing, redaction and formatting cost more than answering a request, and most
 * entries are never read); `readJournalRecord` makes the entry when `GET /__mock/requests` asks.
 * A target longer than DETACH_FROM_CHARS is formatted at once instead, so the journal never holds
 * more than a clipped entry of it.
 *
 * @example
 * readJournalRecord(journalRecord({ method: 'GET', url: '/v1/pets', status: 200, operation: 'listPets' }, []), [])
 */
export function journalRecord(
  exchange: { method: string; url: string; status: number; operation: string | undefined },
  secrets: readonly string[],
  at: number = Date.now(),
): JournalRecord {
  if (exchange.url.length > DETACH_FROM_CHARS) return journalEntry(exchange, secrets, new Date(at))
  const { method, url, status, operation } = exchange
  return { method, url, status, operation, at }
}

/**
 * The journal entry of a record from `journalRecord`.
 *
 * @example
 * journal.entries().map((record) => readJournalRecord(record, secrets))
 */
export function readJournalRecord(record: JournalRecord, secrets: readonly string[]): JournalEntry {
  return 'url' in record ? journalEntry(record, secrets, new Date(record.at)) : record
}

/** Query names whose values are never kept: they look like credentials (same words as the log's). */
const SECRET_NAME_WORDS = ['key', 'token', 'auth', 'secret', 'password']

/**
 * The journal's record of one answered request. Headers are never read, so the Authorization value
 * cannot be recorded; an accepted key anywhere in the path or the query (in any percent-encoded
 * form: parts are compared decoded) and the values of credential-looking query names become `***`.
 * The path and the query are clipped (`…`) past JOURNAL_PATH_CHARS and JOURNAL_QUERY_CHARS.
 *
 * @example
 * journalEntry({ method: 'GET', url: '/v1/pets?limit=2', status: 200, operation: 'listPets' }, [])
 * // { method: 'GET', path: '/v1/pets', query: { limit: '2' }, status: 200, operation: 'listPets', time: '…' }
 */
export function journalEntry(
  exchange: { method: string; url: string; status: number; operation: string | undefined },
  secrets: readonly string[],
  now: Date = new Date(),
): JournalEntry {
  const keep = exchange.url.length > DETACH_FROM_CHARS ? detached : same
  const queryStart = exchange.url.indexOf('?')
  const rawPath = queryStart === -1 ? exchange.url : exchange.url.slice(0, queryStart)
  const path = rawPath
    .split('/')
    .map((segment) => (holdsKey(segment, secrets) ? '***' : segment))
    .join('/')
  return {
    method: exchange.method,
    path: keep(clip(path, JOURNAL_PATH_CHARS)),
    query: parseQuery(queryStart === -1 ? '' : exchange.url.slice(queryStart + 1), secrets, keep),
    status: exchange.status,
    operation: exchange.operation ?? null,
    time: now.toISOString(),
  }
}

function parseQuery(
  search: string,
  secrets: readonly string[],
  keep: (text: string) => string,
): Record<string, string | string[]> {
  // A null prototype: a parameter called __proto__ is just a name here.
  const query: Record<string, string | string[]> = Object.create(null)
  let budget = JOURNAL_QUERY_CHARS
  for (const [rawName, rawValue] of new URLSearchParams(search)) {
    if (budget <= 0) break
    const name = holdsKey(rawName, secrets) ? '***' : keep(clip(rawName, budget))
    const secretName = SECRET_NAME_WORDS.some((word) => rawName.toLowerCase().includes(word))
    const value = secretName || holdsKey(rawValue, secrets) ? '***' : keep(clip(rawValue, budget))
    // Each parameter costs at least a few characters, so thousands of empty ones stay bounded too.
    budget -= name.length + value.length + 2
    const earlier = query[name]
    if (earlier === undefined) query[name] = value
    else if (Array.isArray(earlier)) earlier.push(value)
    else query[name] = [earlier, value]
  }
  return query
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 keeps a slice (and the
 * query parser's values are slices) as a pointer into its parent, so a 40-character value clipped
 * from a 14 KiB URL would keep all 14 KiB alive in the journal: measured, ~7 KiB per entry instead of
 * ~1 KiB. Short targets are kept as they are; their parents are small.
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string
}

function same(text: string): string {
  return text
}
