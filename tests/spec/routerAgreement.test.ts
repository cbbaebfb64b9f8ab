// One router, one answer (decisions/025): over generated request targets (trailing and doubled
// slashes, percent-encoded literal and parameter segments, dot segments, case, base-path variants,
// matrix parameters, long and odd parameter values, every method) every part that asks "which
// operation is this?" answers what spec/Router.ts answers: the HTTP mock (its journal's operation,
// 404 or 405), coverage (of a HAR, of the mock's session, of the proxy's journal), the proxy's
// journal and its judge, `breaks` and the replay. And the proxy in front of the mock blames the
// upstream for nothing: the only verdict it may give is the client's `request_conformance`, for a
// request the mock (strict, as the document) refused with 400.
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { NOT_AN_OPERATION, whatBreaks } from '../../contract-tests/breaks/whatBreaks.ts'
import { type Coverage, coverageOf } from '../../coverage/coverageOf.ts'
import { harObservations } from '../../har/readHar.ts'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import { createProxy, type ValidatingProxy } from '../../proxy/createProxy.ts'
import type { ProxiedEntry } from '../../proxy/proxyControl.ts'
import type { Route } from '../../spec/Router.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { requestTargets, type TargetCase } from '../support/requestTargets.ts'
import { KEY, type StartedMock, startMock } from '../support/startMock.ts'

const spec = defaultSpec()
const router = spec.router()
const base = router.basePath
/** Generated targets per run: each costs about ten requests over loopback. */
const RUNS = 250

interface Answer {
  status: number
  text: string
}

/** Sends `method target` byte for byte (fetch would resolve dot segments and re-encode). */
function send(
  port: number,
  { method, target, body }: TargetCase,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        agent: false,
        headers: {
          ...headers,
          ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
        response.on('error', reject)
      },
    )
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer to ${method} ${target}`)))
    request.on('error', reject)
    request.end(body)
  })
}

const headersOf = (session: string) => ({
  authorization: `Bearer ${KEY}`,
  'content-type': 'application/json',
  'x-mock-session': session,
})

/** Where the one router sends a case. */
function routeOf({ method, target }: TargetCase): Route {
  const request = apiRequest({ method, target })
  return router.route(request.method, request.path)
}

/** The router's answer as every other part states it: an operationId, or `none`. */
function labelOf(route: Route): string {
  return route.kind === 'operation' ? route.operation.operationId : 'none'
}

/** The operation a coverage counted (its only observation), or `none`. */
function coverageLabel(coverage: Coverage): string {
  const seen = coverage.items.filter((item) => item.dimension === 'operations' && item.seen > 0)
  return seen.map((item) => item.operationId).join(',') || 'none'
}

/** What the mock must answer a target the router sends to no operation: 404, or 405 (204 to OPTIONS) on a known path. */
function statusFor(route: Route, method: string): number | undefined {
  if (route.kind === 'outside' || route.kind === 'unknown') return 404
  if (route.kind === 'method') return method === 'OPTIONS' ? 204 : 405
  return undefined
}

let mock: StartedMock
let proxy: ValidatingProxy
let proxyPort: number

beforeAll(async () => {
  mock = await startMock()
  proxy = createProxy({ upstream: `${mock.origin}${base}`, spec })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  proxyPort = (proxy.server.address() as AddressInfo).port
  // Each session exists before the first request that is refused before it would get one.
  for (const session of ['direct', 'proxied']) await mock.get(session, '/pets')
})
afterAll(async () => {
  proxy.server.closeAllConnections()
  await new Promise((resolve) => proxy.server.close(resolve))
  await mock.close()
})

async function read<T>(port: number, path: string, session?: string): Promise<T> {
  const answer = await send(
    port,
    { method: 'GET', target: `/__mock/${path}` },
    session ? headersOf(session) : {},
  )
  return JSON.parse(answer.text) as T
}

async function clear(port: number, session?: string): Promise<void> {
  const answer = await send(
    port,
    { method: 'DELETE', target: '/__mock/requests' },
    session ? headersOf(session) : { 'content-type': 'application/json' },
  )
  expect(answer.status).toBe(204)
}

describe('every user of the router gives the same answer', () => {
  test('the mock, coverage, the proxy and its judge, and breaks, over generated targets', async () => {
    await fc.assert(
      fc.asyncProperty(requestTargets(spec), async (sent) => {
        const route = routeOf(sent)
        const want = labelOf(route)

        // The mock, asked directly: its journal names the operation that answered.
        await clear(mock.port, 'direct')
        const direct = await send(mock.port, sent, headersOf('direct'))
        const [mockEntry] = await read<Array<{ operation: string | null }>>(mock.port, 'requests', 'direct')
        const mockCoverage = await read<Coverage>(mock.port, 'coverage', 'direct')

        // The proxy in front of it: its journal, its judge, its coverage.
        await clear(proxyPort)
        await send(proxyPort, sent, headersOf('proxied'))
        const [proxyEntry] = await read<ProxiedEntry[]>(proxyPort, 'requests')
        const proxyCoverage = await read<Coverage>(proxyPort, 'coverage')

        // A HAR of the exchange, as coverage and breaks read a recording.
        const recorded = [
          { method: sent.method, url: `http://127.0.0.1${sent.target}`, status: direct.status },
        ]
        const harCoverage = coverageOf(spec.document, harObservations(recorded, spec.router(base)))
        const breaks = whatBreaks(recorded, base, spec, spec)

        const verdicts = proxyEntry?.violations ?? []
        expect({
          request: `${sent.method} ${sent.target}`,
          mock: mockEntry?.operation ?? 'none',
          mockStatus: want === 'none' ? direct.status : 'answered',
          mockCoverage: coverageLabel(mockCoverage),
          proxyJournal: proxyEntry?.operation ?? 'none',
          proxyCoverage: coverageLabel(proxyCoverage),
          harCoverage: coverageLabel(harCoverage),
          judged: [...new Set(verdicts.map((violation) => violation.operation))].join(',') || want,
          // Against its own document, breaks judges an operation or says it is none.
          breaks: [...breaks.notJudged, ...breaks.invalid].some((skipped) =>
            skipped.reason.startsWith(NOT_AN_OPERATION),
          )
            ? 'none'
            : want,
          otherBreaks: breaks.breaks,
          // No violation of the upstream: only the client's request_conformance, when the mock refused it.
          blamed: verdicts
            .filter((violation) => violation.check !== 'request_conformance' || direct.status !== 400)
            .map((violation) => `${violation.check}: ${violation.message}`),
        }).toEqual({
          request: `${sent.method} ${sent.target}`,
          mock: want,
          mockStatus: statusFor(route, sent.method) ?? 'answered',
          mockCoverage: want,
          proxyJournal: want,
          proxyCoverage: want,
          harCoverage: want,
          judged: want,
          breaks: want,
          otherBreaks: [],
          blamed: [],
        })
      }),
      { numRuns: RUNS },
    )
  }, 120_000)

  test('the replay replays exactly the operation the router names, if any', async () => {
    // Imported here: the suite's replay is switched to the router on its own branch, and until then
    // only this test depends on it.
    const { runContract } = await import('../../contract-tests/running/runContract.ts')
    await fc.assert(
      fc.asyncProperty(requestTargets(spec), async (sent) => {
        const want = labelOf(routeOf(sent))
        const report = await runContract({
          baseUrl: `${mock.origin}${base}`,
          apiKey: KEY,
          replay: {
            exchanges: [
              {
                method: sent.method,
                url: `http://127.0.0.1${sent.target}`,
                status: 200,
                ...(sent.body !== undefined && { body: sent.body }),
              },
            ],
            basePath: base,
          },
        })
        const replayed = report.results
          .filter((result) => result.check === 'replayed_interactions')
          .filter((result) => result.outcome !== 'skip' || /read-only/.test(result.reason ?? ''))
          .map((result) => result.operation)
        expect({ request: `${sent.method} ${sent.target}`, replayed: replayed.join(',') || 'none' }).toEqual({
          request: `${sent.method} ${sent.target}`,
          replayed: want,
        })
      }),
      // A whole contract run per case: the first counterexample is reported as drawn, not shrunk.
      { numRuns: 40, endOnFailure: true },
    )
  }, 120_000)
})
