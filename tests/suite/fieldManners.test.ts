// The suite against targets that behave as shared stagings do: one that rate-limits (429 and 503 with
// Retry-After), one whose only problem is a missing optional Location header (reported in a handful
// of lines, not thousands), and one that drips its bodies past the timeout (not judged, never passed).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { describe, expect, jest, test } from '@jest/globals'
import { EXAMPLES_MAX } from '../../contract-tests/base/FindingGroups.ts'
import { rejectedBodiesNotStored } from '../../contract-tests/checks/badBodies.ts'
import type { Check, OperationName } from '../../contract-tests/checks/Check.ts'
import { clientIdNotUsed } from '../../contract-tests/checks/clientIdNotUsed.ts'
import { contentTypeConformance } from '../../contract-tests/checks/contentTypeConformance.ts'
import { createdPetsKept } from '../../contract-tests/checks/createdPetsKept.ts'
import { createRoundTrip } from '../../contract-tests/checks/createRoundTrip.ts'
import { gapStatusConformance } from '../../contract-tests/checks/gapStatusConformance.ts'
import { limitMaximumHonoured } from '../../contract-tests/checks/limitMaximumHonoured.ts'
import { locationHeader } from '../../contract-tests/checks/locationHeader.ts'
import { noServerErrors } from '../../contract-tests/checks/noServerErrors.ts'
import { parameterViolationsHandled } from '../../contract-tests/checks/parameterViolations.ts'
import { responseSchemaConformance } from '../../contract-tests/checks/responseSchemaConformance.ts'
import { statusCodeConformance } from '../../contract-tests/checks/statusCodeConformance.ts'
import { unknownPetNotFound } from '../../contract-tests/checks/unknownPetNotFound.ts'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { stateCoverageLines } from '../../contract-tests/report/stateCoverageLines.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import { toJunitXml } from '../../contract-tests/report/toJunitXml.ts'
import type { ContractReport } from '../../contract-tests/running/runContract.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

// Whole runs against local servers take seconds on a busy machine: a guard, not a threshold.
jest.setTimeout(120_000)

const KEY = 'field-manners-key'

/** A server that answers through `wrap` and otherwise as the reference implementation (which conforms). */
function around(
  wrap: (request: IncomingMessage, response: ServerResponse, next: () => void) => void,
): Server {
  const reference = createReferenceServer({ apiKey: KEY })
  const [handler] = reference.listeners('request') as Array<(q: IncomingMessage, s: ServerResponse) => void>
  return createServer((request, response) => wrap(request, response, () => handler?.(request, response)))
}

describe('a rate-limited target', () => {
  test('429 and 503 with Retry-After are waited for and sent again: the run conforms, and says how often', async () => {
    let seen = 0
    // Each distinct request (method, URL, credentials) is refused at most once, so its retry gets
    // through whatever else is in flight: the retries are bounded, and the run must still conform.
    const refusedOnce = new Set<string>()
    const limited = around((request, response, next) => {
      seen++
      const signature = `${request.method} ${request.url} ${request.headers.authorization}`
      const refuse = (status: number, retryAfter?: string) => {
        refusedOnce.add(signature)
        request.resume()
        response.writeHead(status, {
          'content-type': 'application/json',
          ...(retryAfter !== undefined && { 'retry-after': retryAfter }),
        })
        response.end(JSON.stringify({ code: 'slow_down', message: 'come back later', status }))
      }
      if (refusedOnce.has(signature)) return next()
      // Small values so the test is quick: 0 s, an HTTP-date already past, and a bare 429 (backoff).
      if (seen % 3 === 0) return refuse(429, '0')
      if (seen % 50 === 1) return refuse(503, new Date(Date.now() - 1000).toUTCString())
      if (seen % 101 === 0) return refuse(429)
      next()
    })
    const report = await runAgainstServer(limited, { apiKey: KEY, budget: '20runs', seed: 7 })
    const failed = report.results.filter((r) => r.outcome === 'fail').map((r) => `${r.check} ${r.operation}`)
    expect(failed).toEqual([])
    expect(report.failed).toBe(false)
    expect(report.rateLimited?.responses).toBeGreaterThan(report.requests / 10)
    expect(formatConsole(report)).toMatch(
      /^Rate limited: \d+ answers \(429, or 503 with Retry-After\) sent again/m,
    )
    const totals = (toJsonSummary(report) as { totals: { rateLimited: number } }).totals
    expect(totals.rateLimited).toBe(report.rateLimited?.responses)
    expect(toJunitXml(report)).toContain(
      `<property name="rate-limited" value="${report.rateLimited?.responses}"/>`,
    )
  })
})

describe('a staging that locks a client out after failed logins', () => {
  test('the near misses still go out and are judged, the lockouts waited for: the run conforms', async () => {
    // Past 40 refused keys in a 200 ms window, every request (a valid key too) gets 429 and
    // Retry-After: 1 until the window ends, as a staging guarding against guessing does.
    let [windowStart, refusals, lockedOut] = [0, 0, 0]
    const guarded = around((request, response, next) => {
      if (Date.now() - windowStart > 200) [windowStart, refusals] = [Date.now(), 0]
      if (refusals > 40) {
        lockedOut++
        request.resume()
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
        return response.end(
          JSON.stringify({ code: 'locked_out', message: 'too many failed logins', status: 429 }),
        )
      }
      response.on('finish', () => {
        if (response.statusCode === 401) refusals++
      })
      next()
    })
    const report = await runAgainstServer(guarded, { apiKey: KEY, budget: '20runs', seed: 3 })
    expect(report.results.filter((r) => r.outcome === 'fail' && r.level === 'required')).toEqual([])
    expect(lockedOut).toBeGreaterThan(0)
    expect(report.rateLimited?.responses).toBeGreaterThan(0)
    const variants = report.results.filter((r) => r.check === 'auth_variants_rejected')
    expect(variants.map((r) => r.outcome)).toEqual(['pass', 'pass', 'pass'])
  })
})

describe('reports a person reads', () => {
  test('a run whose only problem is a missing Location header prints a handful of lines', async () => {
    const noLocation = around((_request, response, next) => {
      const writeHead = response.writeHead.bind(response) as (
        status: number,
        headers?: object,
      ) => ServerResponse
      response.writeHead = ((status: number, headers?: Record<string, string>) => {
        const { location: _dropped, ...rest } = headers ?? {}
        return writeHead(status, rest)
      }) as typeof response.writeHead
      next()
    })
    const report = await runAgainstServer(noLocation, { apiKey: KEY, budget: '40runs', seed: 11 })
    const location = report.results.find((r) => r.check === 'location_header')
    expect(location?.outcome).toBe('fail')
    expect(location?.found).toBeGreaterThan(100)
    expect(location?.findings).toHaveLength(EXAMPLES_MAX)
    expect(report.results.filter((r) => r.outcome === 'fail')).toHaveLength(1)
    const console = formatConsole(report)
    expect(console).toMatch(
      new RegExp(
        `^location_header \\[recommended\\] createPet: ${location?.found} findings, the first 3 distinct shown$`,
        'm',
      ),
    )
    expect(console.match(/^ {4}Reproduce: /gm)).toHaveLength(EXAMPLES_MAX)
    // One line per check x operation, a block of three examples, the totals, and the states the
    // run never saw (one line each, with why): no more.
    const states = report.stateCoverage ? stateCoverageLines(report.stateCoverage).length : 0
    expect(console.split('\n').length).toBeLessThan(report.results.length + states + 40)
    const summary = JSON.stringify(toJsonSummary(report))
    expect(summary.length).toBeLessThan(30_000)
    expect(toJunitXml(report).match(/Reproduce: /g)).toHaveLength(EXAMPLES_MAX)
  })
})

/** The reference server, but the requests `drips` picks get their status line, then a byte every 50 ms, forever. */
function dripping(drips: (request: IncomingMessage) => boolean): Server {
  return around((request, response, next) => {
    if (!drips(request)) return next()
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    const timer = setInterval(() => response.write(' '), 50)
    response.on('close', () => clearInterval(timer))
  })
}

/** Each of `checks` is a skip on `operation` whose reason starts with `not judged:`. */
function expectNotJudged(report: ContractReport, operation: OperationName, checks: readonly Check[]): void {
  for (const { name: check } of checks)
    expect({
      check,
      ...report.results.find((r) => r.check === check && r.operation === operation),
    }).toMatchObject({
      check,
      outcome: 'skip',
      reason: expect.stringMatching(/^not judged: /),
    })
}

describe('not judged is never a pass', () => {
  test('an operation whose bodies drip past the timeout is skipped by the response checks, with the reason', async () => {
    const drips = dripping((request) => request.url?.startsWith('/v1/pets/') ?? false)
    const checks: Check[] = [
      unknownPetNotFound,
      parameterViolationsHandled,
      noServerErrors,
      statusCodeConformance,
      responseSchemaConformance,
      contentTypeConformance,
    ]
    const report = await runAgainstServer(drips, { apiKey: KEY, mode: 'read-only', timeoutMs: 400, checks })
    const outcome = (check: string, operation: string) =>
      report.results.find((r) => r.check === check && r.operation === operation)
    expect(outcome('parameter_violations_handled', 'getPet')).toMatchObject({
      outcome: 'skip',
      reason: expect.stringMatching(/not judged: no getPet request with a parameter violation got an answer/),
    })
    for (const check of [
      'status_code_conformance',
      'response_schema_conformance',
      'content_type_conformance',
    ])
      expect(outcome(check, 'getPet')).toMatchObject({
        outcome: 'skip',
        reason: expect.stringMatching(/not judged: no getPet request got an answer to judge \(\d+ timed out/),
      })
    expect(outcome('no_server_errors', 'getPet')?.outcome).toBe('fail')
    expect(outcome('status_code_conformance', 'listPets')?.outcome).toBe('pass')
  })

  test('lists that drip past the timeout (all but the first): the list rules are skips with the reason', async () => {
    let lists = 0
    const drips = dripping(
      (request) => request.method === 'GET' && /^\/v1\/pets(\?|$)/.test(request.url ?? '') && lists++ > 0,
    )
    const checks: Check[] = [limitMaximumHonoured, createRoundTrip, createdPetsKept, gapStatusConformance]
    const report = await runAgainstServer(drips, { apiKey: KEY, timeoutMs: 300, checks })
    expectNotJudged(report, 'listPets', checks)
  })

  test('creates that drip past the timeout: every check that needed an answered create is a skip', async () => {
    const drips = dripping((request) => request.method === 'POST')
    const checks: Check[] = [
      clientIdNotUsed,
      rejectedBodiesNotStored,
      createdPetsKept,
      statusCodeConformance,
      locationHeader,
    ]
    const report = await runAgainstServer(drips, { apiKey: KEY, timeoutMs: 300, checks })
    expectNotJudged(report, 'createPet', checks)
  })
})
