// The proxy's control plane under /__mock/ (never forwarded): the mock's own (serving/): the page,
// the journal views (requests, HAR, coverage), and the proxy's own health and violations.
import { jsonResponse } from '../kit/http/errorResponse.ts'
import { type JournalRecord, readJournalRecord } from '../kit/journal/journalEntry.ts'
import type { JournalEntry, RequestJournal } from '../kit/journal/RequestJournal.ts'
import { lazy } from '../kit/json/jsonChunks.ts'
import type { Redactor } from '../kit/secrets/createRedactor.ts'
import { controlPlane } from '../serving/controlPlane.ts'
import { inspectorPage } from '../serving/inspectorPage.ts'
import { journalViews } from '../serving/journalViews.ts'
import type { Router } from '../spec/Router.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import type { Violation } from './trafficJudge.ts'
import type { ViolationLog } from './ViolationLog.ts'

/**
 * Characters of one journal entry as JSON at most, in its worst shape: the path, query and two body
 * bounds, and VIOLATIONS_PER_EXCHANGE_MAX messages of VIOLATION_MESSAGE_MAX characters (about 24,000
 * of the 32,768). 500 entries (the default) then hold about 16 MiB of text at most.
 */
export const PROXY_ENTRY_MAX_CHARS = 32 * 1024

/** What the proxy adds to a journal entry: the time the upstream took and what the judge found. */
interface Judged {
  ms: number
  violations: Violation[]
  /** Why the answer could not be judged (a body past the decoded bound, an unknown coding), if so. */
  notJudged?: string
}

/** One forwarded exchange as `/__mock/requests` shows it: the mock journal's entry, timed and judged. */
export type ProxiedEntry = JournalEntry & Judged

/**
 * What the journal keeps of one exchange until it is read: the raw record (journalRecord: bounded,
 * cheap) and what hides the request's own bearer token; redacted and formatted only when read, as the
 * mock's journal is, since most entries never are.
 */
export type ProxiedRecord = Judged & { record: JournalRecord; redact: Redactor }

/** The entry of a kept record. */
export function readProxiedRecord({ record, redact, ...judged }: ProxiedRecord): ProxiedEntry {
  return { ...readJournalRecord(record, redact), ...judged }
}

export interface ProxyState {
  upstream: URL
  /** The one router under the upstream's base path. */
  router: Router
  spec: CompiledSpec
  journal: RequestJournal<ProxiedRecord>
  violations: ViolationLog
  version: string
}

/**
 * The proxy's endpoints: `GET /__mock/` (the page), `GET /__mock/health`, `GET|DELETE
 * /__mock/violations`, and the journal views the mock serves too. HEAD is answered as GET.
 *
 * @example
 * PROXY_CONTROL.answer(apiRequest({ method: 'GET', target: '/__mock/violations' }), state)
 * // { status: 200, headers: { 'content-type': 'application/json' }, body: { total: 0, violations: [] } }
 */
export const PROXY_CONTROL = controlPlane<ProxyState>({
  '': { GET: () => inspectorPage('proxy') },
  health: { GET: (_request, state) => jsonResponse({ status: 'ok', upstream: state.upstream.href }) },
  violations: {
    GET: (_request, state) =>
      jsonResponse({ total: state.violations.total, violations: state.violations.kept() }),
    DELETE: (_request, state) => {
      state.violations.clear()
      return { status: 204, headers: {} }
    },
  },
  ...journalViews(
    (state) => ({
      entries: () => lazy(state.journal.entries(), readProxiedRecord),
      // The page polls one ETag over the journal and the violations: 304 while neither changed.
      version: `proxy.${state.journal.version}.${state.violations.clears}`,
      clear: () => state.journal.clear(),
    }),
    (state) => ({
      document: state.spec.document,
      router: state.router,
      version: state.version,
      subject: `the traffic through the proxy to ${state.upstream.href}`,
    }),
  ),
})
