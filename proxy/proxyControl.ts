// The proxy's own endpoints under /__mock/ (never forwarded): its page, its health, what it found and
// what it saw, as JSON, HAR 1.2 and coverage. Pure: state in, answer out; createProxy does the I/O.
import { coverageHtml } from '../coverage/coverageHtml.ts'
import { coverageOf } from '../coverage/coverageOf.ts'
import { journalObservations } from '../coverage/journalObservations.ts'
import { journalToHar } from '../har/journalToHar.ts'
import { CONTROL_PREFIX } from '../kit/guard/controlPath.ts'
import type { ApiRequest } from '../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { errorResponse, JSON_HEADERS } from '../kit/http/errorResponse.ts'
import { type JournalRecord, readJournalRecord } from '../kit/journal/journalEntry.ts'
import type { JournalEntry, RequestJournal } from '../kit/journal/RequestJournal.ts'
import type { CompiledSpec } from '../spec/runtime.ts'
import { PROXY_PAGE_HEADERS, PROXY_PAGE_HTML } from './proxyInspectorPage.ts'
import type { Violation } from './trafficJudge.ts'
import type { ViolationLog } from './ViolationLog.ts'

/**
 * Characters of one journal entry as JSON at most, in its worst shape: the journal's path, query and
 * two body bounds (request and response), and VIOLATIONS_PER_EXCHANGE_MAX messages of
 * VIOLATION_MESSAGE_MAX characters (about 24,000 of the 32,768). With the default 500 entries the journal holds at most about 16 MiB of text.
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
 * cheap) and the request's own bearer token to hide; redacted and formatted only when read, as the
 * mock's journal is, since most entries never are.
 */
export type ProxiedRecord = Judged & { record: JournalRecord; secrets: readonly string[] }

/** The entry of a kept record. */
export function readProxiedRecord({ record, secrets, ...judged }: ProxiedRecord): ProxiedEntry {
  return { ...readJournalRecord(record, secrets), ...judged }
}

export interface ProxyState {
  upstream: URL
  /** The upstream's base path, `/v1`. */
  basePath: string
  spec: CompiledSpec
  journal: RequestJournal<ProxiedRecord>
  violations: ViolationLog
  version: string
}

/** The proxy's endpoints, for its --help and its tests: `GET /__mock/violations`, … */
export const PROXY_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  '': ['GET'],
  health: ['GET'],
  violations: ['GET', 'DELETE'],
  requests: ['GET', 'DELETE'],
  'requests.har': ['GET'],
  coverage: ['GET'],
  'coverage.html': ['GET'],
}

/**
 * The answer to a request for one of the proxy's endpoints (a path under CONTROL_PREFIX, as
 * `isControlPath` tells); HEAD is answered as GET, and the caller sends no body for it.
 *
 * @example
 * proxyControl(apiRequest({ method: 'GET', target: '/__mock/violations' }), state)
 * // { status: 200, headers: { 'content-type': 'application/json' }, body: { total: 0, violations: [] } }
 */
export function proxyControl(request: ApiRequest, state: ProxyState): ApiResponse {
  const { path } = request
  const name = path === CONTROL_PREFIX ? '' : path.slice(CONTROL_PREFIX.length + 1)
  const methods = Object.hasOwn(PROXY_ENDPOINTS, name) ? PROXY_ENDPOINTS[name] : undefined
  if (!methods)
    return errorResponse(404, 'not_found', `The proxy has no ${CONTROL_PREFIX}/${name.slice(0, 100)}.`)
  const verb = request.method === 'HEAD' ? 'GET' : request.method
  if (!methods.includes(verb))
    return errorResponse(405, 'method_not_allowed', `Only ${methods.join(', ')} on ${path}.`, {
      allow: methods.join(', '),
    })
  const entries = () => state.journal.entries().map(readProxiedRecord)
  switch (`${verb} ${name}`) {
    case 'GET ':
      return { status: 200, headers: { ...PROXY_PAGE_HEADERS }, text: PROXY_PAGE_HTML }
    case 'GET health':
      return json({ status: 'ok', upstream: state.upstream.href })
    case 'GET violations':
      return json({ total: state.violations.total, violations: state.violations.kept() })
    case 'DELETE violations':
      state.violations.clear()
      return { status: 204, headers: {} }
    case 'GET requests': {
      // The page polls: one ETag over the journal and the violations, 304 while neither changed.
      const etag = `"${state.journal.version}.${state.violations.clears}"`
      if (request.header('if-none-match') === etag) return { status: 304, headers: { etag } }
      return { status: 200, headers: { ...JSON_HEADERS, etag }, body: entries() }
    }
    case 'DELETE requests':
      state.journal.clear()
      return { status: 204, headers: {} }
    case 'GET requests.har':
      return json(journalToHar(entries(), `http://${request.header('host') ?? '127.0.0.1'}`, state.version))
    case 'GET coverage':
      return json(coverage(state))
    default:
      return {
        status: 200,
        headers: {
          ...PROXY_PAGE_HEADERS,
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
        text: coverageHtml(coverage(state), `the traffic through the proxy to ${state.upstream.href}`),
      }
  }
}

function coverage(state: ProxyState) {
  return coverageOf(
    state.spec.document,
    journalObservations(state.journal.entries().map(readProxiedRecord), state.basePath),
  )
}

function json(body: unknown): ApiResponse {
  return { status: 200, headers: { ...JSON_HEADERS }, body }
}
