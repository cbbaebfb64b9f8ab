import { type ApiRequest, apiRequest, type Query } from '../http/ApiRequest.ts'
import { JOURNAL_OVERHEAD_BYTES, textBytes } from '../memory/MemoryBudget.ts'
import type { Redactor } from '../secrets/createRedactor.ts'
import { redactBody } from '../secrets/redactBody.ts'
import { redactTarget } from '../secrets/redactTarget.ts'
import { clip } from '../text/clip.ts'
import { detached } from '../text/detached.ts'
import type { JournalEntry } from './RequestJournal.ts'

/** Bounds on one entry, so a full journal holds at most a few KiB per entry whatever the request. */
export const JOURNAL_PATH_CHARS = 512
export const JOURNAL_QUERY_CHARS = 1_024
/** Characters of a request body an entry shows (the rest is cut, and said so with `…`). */
export const JOURNAL_BODY_CHARS = 4_096
/** Past this length a target is redacted, clipped and copied when recorded (see `detached`). */
const DETACH_FROM_CHARS = 256

/** A journal slot: what it keeps of one exchange until it is read, the raw facts, `at` in epoch milliseconds. */
export interface JournalRecord {
  method: string
  /** The target: as sent when short; redacted and clipped (path, query) when longer. */
  url: string
  status: number
  operation: string | undefined
  at: number
  /** The body's first characters (JOURNAL_BODY_CHARS and a key's length more), redacted when read. */
  body: string | undefined
  /** The whole body's length, to say it was cut. */
  bodyChars: number
  /** How the response was forced, if it was: `prefer` (the request's header) or `next-response`. */
  forced: JournalEntry['forced']
  /** The id of the pet a 201 created (kept apart from the response body, which may be cut). */
  createdId?: string | undefined
  /** The response body's first characters, as the request's; undefined when `responseValue` is kept. */
  responseBody: string | undefined
  /** The value the response body was serialised from (see `Exchange`): its text is made again when read. */
  responseValue?: unknown
  /** With `responseValue`: the characters of the text `responseBody` would have kept (what is charged). */
  responseKeptChars?: number
  /** The whole response body's length, to say it was cut. */
  responseBodyChars: number
  /** The request carried no Authorization header (a replay sends it without a key). */
  keyless: boolean
}

/**
 * What an adapter knows of one answered request: the parsed request, the answer's facts, each body
 * whole. `responseValue` is what `responseBody` is `JSON.stringify` of, when it never changes after
 * (the mock's answers). The record then keeps the value, not the text: a list's text is a few KiB per
 * request, its value an array of pets the store holds anyway, and with 1,000 sessions' journals
 * growing every kept byte is one the garbage collector copies (docs/bench.md).
 */
export type Exchange = Pick<JournalRecord, 'status' | 'operation'> &
  Partial<Pick<JournalRecord, 'forced' | 'createdId' | 'responseBody' | 'responseValue'>> & {
    request: Pick<ApiRequest, 'method' | 'target' | 'body' | 'header'>
  }

/**
 * What the journal keeps of one answered request, cheaply: on the request path only the raw facts
 * are stored (parsing, redaction and formatting cost more than answering a request, and most
 * entries are never read); `readJournalRecord` makes the entry when `GET /__mock/requests` asks.
 * What could be big is bounded here, so a record costs at most a few KiB whatever was sent: a
 * target longer than DETACH_FROM_CHARS is redacted and clipped at once, and each body (the
 * request's and the response's) cut to JOURNAL_BODY_CHARS (plus the longest key, so a key cut in
 * two is still found and hidden when read).
 *
 * @example
 * const redact = createRedactor(['petstore-dev-key'])
 * const request = apiRequest({ method: 'GET', target: '/v1/pets' })
 * readJournalRecord(journalRecord({ request, status: 200, operation: 'listPets' }, redact), redact)
 */
export function journalRecord(exchange: Exchange, redact: Redactor, at: number = Date.now()): JournalRecord {
  const { request, status, operation } = exchange
  let url = request.target
  if (url.length > DETACH_FROM_CHARS) url = detached(clipTarget(redactTarget(url, redact)))
  const body = keptBody(request.body, redact)
  const byValue = exchange.responseValue !== undefined && exchange.responseBody !== undefined
  const record: JournalRecord = {
    method: request.method,
    url,
    status,
    operation,
    at,
    body,
    bodyChars: request.body?.length ?? 0,
    forced: exchange.forced,
    createdId: exchange.createdId,
    responseBody: byValue ? undefined : keptBody(exchange.responseBody, redact),
    responseBodyChars: exchange.responseBody?.length ?? 0,
    keyless: request.header('authorization') === undefined,
  }
  if (byValue) {
    record.responseValue = exchange.responseValue
    record.responseKeptChars = Math.min(record.responseBodyChars, JOURNAL_BODY_CHARS + redact.longest)
  }
  return record
}

/** A body (request or response) as a record keeps it (see `journalRecord`), copied apart from the whole. */
function keptBody(text: string | undefined, redact: Redactor): string | undefined {
  if (!text) return undefined
  const keep = JOURNAL_BODY_CHARS + redact.longest
  return text.length > keep ? detached(text.slice(0, keep)) : text
}

/** The response body as `keptBody` keeps it, made again from the value when that was kept. */
function keptResponse(record: JournalRecord, redact: Redactor): string | undefined {
  if (record.responseValue === undefined) return record.responseBody
  return keptBody(JSON.stringify(record.responseValue), redact)
}

/** What an entry shows of a kept body: redacted (an answer's by its status), then clipped with `…`. */
function shownBody(kept: string, chars: number, redact: Redactor, answerStatus?: number): string {
  const shown = redactBody(kept, redact, answerStatus)
  return shown.length > JOURNAL_BODY_CHARS || chars > JOURNAL_BODY_CHARS
    ? `${shown.slice(0, JOURNAL_BODY_CHARS)}…`
    : shown
}

/** What a record costs the memory budget: its strings (a response value as its kept text) and the object. */
export function journalRecordCost(record: JournalRecord): number {
  const response = record.responseKeptChars ?? record.responseBody?.length ?? 0
  return JOURNAL_OVERHEAD_BYTES + textBytes(record.url.length + (record.body?.length ?? 0) + response)
}

/**
 * The journal entry of a record from `journalRecord`. Headers are never read, so no Authorization
 * value can be recorded (only `keyless`); every secret `redact` knows, in any spelling, in the target
 * or either body, and every credential-like name's value (`redactBody`) become `***`. The path, the
 * query and both bodies are clipped (`…`) past their JOURNAL_*_CHARS.
 *
 * @example
 * journal.entries().map((record) => readJournalRecord(record, redact))
 */
export function readJournalRecord(record: JournalRecord, redact: Redactor): JournalEntry {
  const shown = apiRequest({ method: record.method, target: redactTarget(record.url, redact) })
  const entry: JournalEntry = {
    method: record.method,
    path: clip(shown.path, JOURNAL_PATH_CHARS),
    query: shownQuery(shown.query),
    status: record.status,
    operation: record.operation ?? null,
    time: new Date(record.at).toISOString(),
  }
  if (record.body !== undefined) entry.body = shownBody(record.body, record.bodyChars, redact)
  if (record.forced) entry.forced = record.forced
  if (record.createdId !== undefined) entry.createdId = record.createdId
  const responseBody = keptResponse(record, redact)
  if (responseBody !== undefined)
    entry.responseBody = shownBody(responseBody, record.responseBodyChars, redact, record.status)
  if (record.keyless) entry.keyless = true
  return entry
}

/** A redacted query as the entry shows it: a value per name (an array when repeated), clipped. */
function shownQuery(pairs: Query): Record<string, string | string[]> {
  // A null prototype: a parameter called __proto__ is just a name here.
  const query: Record<string, string | string[]> = Object.create(null)
  let budget = JOURNAL_QUERY_CHARS
  for (const [rawName, rawValue] of pairs) {
    if (budget <= 0) break
    const name = clip(rawName, budget)
    const value = clip(rawValue, budget)
    // Each parameter costs at least a few characters, so thousands of empty ones stay bounded too.
    budget -= name.length + value.length + 2
    const earlier = query[name]
    if (earlier === undefined) query[name] = value
    else if (Array.isArray(earlier)) earlier.push(value)
    else query[name] = [earlier, value]
  }
  return query
}

/** The target with its path and its query each clipped (`…`): what a long target is kept as. */
function clipTarget(target: string): string {
  const { path, search } = apiRequest({ method: 'GET', target })
  return `${clip(path, JOURNAL_PATH_CHARS)}${search === '' ? '' : `?${clip(search, JOURNAL_QUERY_CHARS)}`}`
}
