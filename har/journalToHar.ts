// A request journal (a mock session's, or the validating proxy's) as HAR 1.2, so what an app sent can be opened in a browser's
// developer tools, replayed, or measured for coverage. The journal keeps what it keeps (decision
// 019): the request line, the request body (4,096 characters, credentials redacted), the status,
// the operation and whether the answer was forced; no headers and no response body, so the HAR
// carries none either (its headers and content are empty, as HAR allows). The proxy's entries add
// the time the upstream took and what the proxy found wrong (`_violations`).
import type { Har, HarEntry } from './Har.ts'

/** One journal entry as the control plane reads it (kit/journal/RequestJournal.ts), redacted already. */
export interface JournalView {
  method: string
  path: string
  query: Record<string, string | string[]>
  status: number
  operation: string | null
  time: string
  body?: string
  forced?: string
  createdId?: string
  /** Milliseconds the answer took (the proxy measures it; the mock answers at once). */
  ms?: number
  /** The proxy's verdicts on the exchange, kept in the HAR as `_violations`. */
  violations?: ReadonlyArray<{ check: string; level: string; message: string }>
}

/**
 * The HAR of a journal; `origin` is the mock's (`http://127.0.0.1:4010`), which the journal does not keep.
 *
 * @example
 * journalToHar([{ method: 'GET', path: '/v1/pets', query: { limit: '5' }, status: 200, operation: 'listPets', time: '2026-11-24T10:00:00.000Z' }], 'http://127.0.0.1:4010', '0.1.0')
 * // { log: { version: '1.2', creator: { name: 'petstore-mock', version: '0.1.0' }, entries: [ … ] } }
 */
export function journalToHar(entries: readonly JournalView[], origin: string, version: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'petstore-mock', version },
      entries: entries.map((entry) => toHarEntry(entry, origin)),
    },
  }
}

function toHarEntry(entry: JournalView, origin: string): HarEntry {
  const queryString = Object.entries(entry.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => ({ name, value: one })),
  )
  const search = new URLSearchParams(queryString.map(({ name, value }) => [name, value])).toString()
  return {
    startedDateTime: entry.time,
    time: entry.ms ?? 0,
    request: {
      method: entry.method,
      url: `${origin}${entry.path}${search ? `?${search}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString,
      ...(entry.body === undefined ? {} : { postData: { mimeType: 'application/json', text: entry.body } }),
      headersSize: -1,
      bodySize: entry.body === undefined ? 0 : Buffer.byteLength(entry.body),
    },
    response: {
      status: entry.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: -1, mimeType: 'application/json' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: entry.ms ?? 0, receive: 0 },
    _operation: entry.operation,
    ...(entry.forced === undefined ? {} : { _forced: entry.forced }),
    ...(entry.createdId === undefined ? {} : { _createdId: entry.createdId }),
    ...(entry.violations === undefined
      ? {}
      : {
          _violations: entry.violations.map(({ check, level, message }) => ({ check, level, message })),
        }),
  }
}
