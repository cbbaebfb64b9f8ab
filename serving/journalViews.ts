import { coverageHtml } from '../coverage/coverageHtml.ts'
import { coverageOf } from '../coverage/coverageOf.ts'
import { journalObservations } from '../coverage/journalObservations.ts'
import { type JournalView, journalToHar } from '../har/journalToHar.ts'
import { jsonResponse } from '../kit/http/errorResponse.ts'
import { inlinePageHeaders } from '../kit/http/inlinePage.ts'
import type { Lazy } from '../kit/json/jsonChunks.ts'
import type { Router } from '../spec/Router.ts'
import type { PetStoreDocument } from '../spec/runtime.ts'
import type { ControlEndpoints } from './controlPlane.ts'

/** A request journal as the views read it: a mock session's, or the proxy's traffic. */
export interface JournalSource {
  /** The entries, oldest first, each read (redacted, formatted) only as it is written out. */
  entries(): Lazy<JournalView>
  /** Changes whenever an entry is recorded or the journal is cleared, or it is another journal. */
  readonly version: string
  clear(): void
}

/** What the views need to know of the server besides its journal. */
export interface Served {
  document: PetStoreDocument
  /** The one router: coverage counts what it routes under the base path. */
  router: Router
  /** The package's version, the HAR export's creator. */
  version: string
  /** Whose traffic it is, for the coverage page's title: `the traffic through the proxy to …`. */
  subject: string
}

/**
 * The journal views both the mock and the proxy serve, the same way: `GET|DELETE /__mock/requests`
 * (with an ETag: `304` while nothing changed, as the pages poll), `GET /__mock/requests.har` (HAR
 * 1.2, har/journalToHar.ts), `GET /__mock/coverage` and `/__mock/coverage.html` (what the traffic
 * exercised of the document). The journal and the served facts come from the server's context:
 * `journal(context, true)` for a write, which may make what a read only looks at.
 *
 * @example
 * controlPlane({ ...journalViews((context, write) => context.journal, (context) => context.served), health })
 */
export function journalViews<C>(
  journal: (context: C, write: boolean) => JournalSource,
  served: (context: C) => Served,
): ControlEndpoints<C> {
  const coverage = (context: C) => {
    const { document, router } = served(context)
    return coverageOf(document, journalObservations([...journal(context, false).entries()], router))
  }
  return {
    requests: {
      GET(request, context) {
        const source = journal(context, false)
        const headers = { etag: `"${source.version}"`, 'cache-control': 'no-cache' }
        if (request.header('if-none-match') === headers.etag) return { status: 304, headers }
        return { ...jsonResponse(source.entries(), 200, headers), stream: `requests.${source.version}` }
      },
      DELETE(_request, context) {
        journal(context, true).clear()
        return { status: 204, headers: {} }
      },
    },
    'requests.har': {
      GET(request, context) {
        const origin = `http://${request.header('host') ?? '127.0.0.1'}`
        const source = journal(context, false)
        const har = journalToHar(source.entries(), origin, served(context).version)
        return { ...jsonResponse(har), stream: `har.${origin}.${source.version}` }
      },
    },
    coverage: {
      GET: (_request, context) => jsonResponse(coverage(context)),
    },
    'coverage.html': {
      GET: (_request, context) => ({
        status: 200,
        headers: inlinePageHeaders("default-src 'none'; style-src 'unsafe-inline'"),
        text: coverageHtml(coverage(context), served(context).subject),
      }),
    },
  }
}
