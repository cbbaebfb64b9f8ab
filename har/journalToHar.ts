// A request journal (a mock session's or the proxy's) as HAR 1.2, to open in a browser's developer
// tools, replay, measure for coverage or judge against another document (`breaks`). The journal
// keeps no header (decision 019), so each request's are its Host and, unless it was key-less (a
// replay sends it so), `Authorization: ***`; a body the journal cut says so in a `comment`. The
// proxy's entries add the upstream's time and what the proxy found wrong (`_violations`).
import { JOURNAL_BODY_CHARS } from '../kit/journal/journalEntry.ts'
import type { JournalEntry } from '../kit/journal/RequestJournal.ts'
import { type Lazy, lazy } from '../kit/json/jsonChunks.ts'
import type { HarEntry, HarNameValue, HarResponse } from './Har.ts'

/**
 * One journal entry as the control plane reads it (redacted already); the proxy's entries add the
 * milliseconds the upstream took and its verdicts, kept in the HAR as `_violations`.
 */
export type JournalView = JournalEntry & {
  ms?: number
  violations?: ReadonlyArray<{ check: string; level: string; message: string }>
}

/**
 * The HAR of a journal; `origin` is the mock's (`http://127.0.0.1:4010`), which the journal does not
 * keep. Its entries are made as they are written (`lazy`): `jsonText` makes the whole text.
 *
 * @example
 * journalToHar([{ method: 'GET', path: '/v1/pets', query: { limit: '5' }, status: 200, operation: 'listPets', time: '2026-11-24T10:00:00.000Z' }], 'http://127.0.0.1:4010', '0.1.0')
 * // { log: { version: '1.2', creator: { name: 'petstore-mock', version: '0.1.0' }, entries: [ … ] } }
 */
export function journalToHar(entries: Iterable<JournalView>, origin: string, version: string) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'petstore-mock', version },
      entries: lazy(entries, (entry) => toHarEntry(entry, origin)) as Lazy<HarEntry>,
    },
  }
}

function toHarEntry(entry: JournalView, origin: string): HarEntry {
  const queryString = Object.entries(entry.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => ({ name, value: one })),
  )
  const search = new URLSearchParams(queryString.map(({ name, value }) => [name, value])).toString()
  const headers: HarNameValue[] = [{ name: 'Host', value: new URL(origin).host }]
  if (!entry.keyless) headers.push({ name: 'Authorization', value: 'Bearer ***' })
  return {
    startedDateTime: entry.time,
    time: entry.ms ?? 0,
    request: {
      method: entry.method,
      url: `${origin}${entry.path}${search ? `?${search}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers,
      queryString,
      ...(entry.body === undefined ? {} : { postData: { mimeType: 'application/json', text: entry.body } }),
      headersSize: -1,
      bodySize: entry.body === undefined ? 0 : utf8Bytes(entry.body),
    },
    response: {
      status: entry.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: contentOf(entry.responseBody),
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: entry.ms ?? 0, receive: 0 },
    _operation: entry.operation,
    ...(entry.forced !== undefined && { _forced: entry.forced }),
    ...(entry.createdId !== undefined && { _createdId: entry.createdId }),
    ...(entry.violations && {
      _violations: entry.violations.map(({ check, level, message }) => ({ check, level, message })),
    }),
  }
}

/** A response body as HAR content: its text, and a `comment` when the journal cut it (its size unknown). */
function contentOf(text: string | undefined): HarResponse['content'] {
  const mimeType = 'application/json'
  if (text === undefined) return { size: -1, mimeType }
  if (text.length !== JOURNAL_BODY_CHARS + 1 || !text.endsWith('…'))
    return { size: utf8Bytes(text), mimeType, text }
  const comment = `clipped: the journal keeps the first ${JOURNAL_BODY_CHARS} characters`
  return { size: -1, mimeType, text, comment }
}

/** Bytes of `text` in UTF-8, in Node and in a browser (the MSW worker serves this HAR too). */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength
}
