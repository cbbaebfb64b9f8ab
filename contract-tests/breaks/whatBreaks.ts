// What a new version of the document breaks of recorded traffic: each recorded interaction the new
// version would refuse or answer differently, judged on the recording alone (no target is called),
// and what could not be judged, said so rather than passed over in silence.
import type { ErrorObject } from 'ajv'
import type { HarExchange } from '../../har/readHar.ts'
import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import {
  type CompiledSpec,
  describeAjvErrors,
  documentedResponseKey,
  type Route,
  readParameters,
  valueAtPointer,
} from '../../spec/runtime.ts'

/** One recorded interaction the new document breaks, and why. */
export interface Break {
  /** The interaction's place in the recording (1-based) and its request line. */
  step: number
  request: string
  /** `operation removed`, `request no longer valid`, `status no longer documented`, `response no longer matches`. */
  kind: string
  why: string
}

/** One recorded interaction, or its answer, that could not be judged, and why. */
export interface NotJudged {
  step: number
  request: string
  /** A short reason, the same for every interaction it applies to, so they can be counted together. */
  reason: string
}

/** What `whatBreaks` found: the breaks, what it could not judge, and how many answers it did judge. */
export interface BreaksReport {
  breaks: Break[]
  notJudged: NotJudged[]
  /** Interactions under the base path (each one a step). */
  interactions: number
  /** Recorded response bodies validated against the new document's schema. */
  responsesJudged: number
}

/** What the journal shows in place of a hidden value. */
const REDACTED = '***'

export const NOT_AN_OPERATION = 'not an operation of the current document'
export const NO_BODY = 'no response body recorded'
export const BODY_TRUNCATED = 'response body truncated by the recording'
export const BODY_NOT_JSON = 'response body is not JSON'
export const STATUS_UNDOCUMENTED = 'its status is not documented by the current document either'

/**
 * The recorded interactions (under `basePath`) that `next` refuses or answers differently. Only an
 * operation of `current` (the document the recording was made against) can break: a CORS
 * preflight, a typo's 404 or a 405 was no operation before and is not judged. A recorded response
 * body is validated against `next`'s schema for that operation and status (a field now required or
 * gone, a type changed, an enum value gone, each named); one the recording did not keep, or cut,
 * is listed as not judged. Each target is read as the server saw it (`originForm`, nothing
 * normalised) and routed by each document's own router, as its mock would.
 *
 * @example
 * whatBreaks(readHar(text), '/v1', await loadCompiledSpec('next.yaml'), defaultSpec())
 * // { breaks: [{ step: 3, request: 'GET /pets/1', kind: 'response no longer matches', why: "the 200 body must have required property 'nickname'" }], notJudged: [], … }
 */
export function whatBreaks(
  exchanges: readonly HarExchange[],
  basePath: string,
  next: CompiledSpec,
  current: CompiledSpec,
): BreaksReport {
  const router = next.router(basePath)
  const currentRouter = current.router(basePath)
  const report: BreaksReport = { breaks: [], notJudged: [], interactions: 0, responsesJudged: 0 }
  for (const recorded of exchanges) {
    const sent = apiRequestFromUrl(recorded.method, recorded.url)
    if (sent.path !== router.basePath && !sent.path.startsWith(`${router.basePath}/`)) continue
    const step = ++report.interactions
    const path = sent.path.slice(router.basePath.length)
    const request = `${recorded.method} ${path}${sent.search === '' ? '' : `?${sent.search}`}`
    const found = (kind: string, why: string) => report.breaks.push({ step, request, kind, why })
    const skip = (reason: string) => report.notJudged.push({ step, request, reason })
    const before = currentRouter.route(sent.method, sent.path)
    if (before.kind !== 'operation') {
      skip(`${NOT_AN_OPERATION} (${whyNoOperation(sent.method, before)}; recorded ${recorded.status})`)
      continue
    }
    if (documentedResponseKey(before.operation.responses, recorded.status) === undefined) {
      skip(STATUS_UNDOCUMENTED)
      continue
    }
    const route = router.route(sent.method, sent.path)
    if (route.kind !== 'operation') {
      found('operation removed', `the new document has no ${recorded.method} operation on ${path}`)
      continue
    }
    const { operation } = route
    const id = operation.operationId
    const problems: string[] = []
    // Read as the new version's mock reads it (decisions/037); a recording keeps no request headers.
    for (const read of readParameters(operation, sent, route, next.validators))
      if (read.state === 'problem' && read.parameter.in !== 'header') {
        const { kind, message } = read.problem
        problems.push(
          `${read.parameter.in} ${kind === 'missing' ? `${read.parameter.name} is now required` : message}`,
        )
      }
    if (recorded.body !== undefined && operation.requestBody) {
      const validate = next.validators.requestBody(id)
      const body = parseJsonLossless(recorded.body)
      const errors = body === undefined || validate(body) ? [] : unredacted(validate.errors, body)
      if (errors.length > 0) problems.push(describeAjvErrors(errors, 'body'))
    }
    // A request the recording's version refused (a 4xx) may stay refused: only accepted ones can break.
    if (problems.length > 0 && recorded.status < 400) found('request no longer valid', problems.join('; '))
    const key = documentedResponseKey(operation.responses, recorded.status)
    if (key === undefined) {
      found(
        'status no longer documented',
        `${id} documents ${Object.keys(operation.responses).join(', ')}, not ${recorded.status}`,
      )
      continue
    }
    // A HEAD answer has no body, and a response the new document gives no JSON schema has none to break.
    const validate = next.validators.response(id, recorded.status)
    if (!validate || sent.method === 'HEAD') continue
    if (recorded.responseText === undefined || recorded.responseText === '') {
      skip(NO_BODY)
      continue
    }
    const body = parseJsonLossless(recorded.responseText)
    if (body === undefined) {
      skip(recorded.responseText.endsWith('…') ? BODY_TRUNCATED : BODY_NOT_JSON)
      continue
    }
    report.responsesJudged++
    const errors = validate(body) ? [] : unredacted(validate.errors, body)
    if (errors.length > 0)
      found('response no longer matches', describeAjvErrors(errors, `the ${recorded.status} body`))
  }
  return report
}

/** Why a recorded request was no operation: a preflight, a method the path does not have, no such path. */
function whyNoOperation(method: string, route: Exclude<Route, { kind: 'operation' }>): string {
  if (method === 'OPTIONS') return 'an OPTIONS request: a CORS preflight'
  if (route.kind === 'method') return `${route.template} has no ${method}`
  return 'no operation has this path'
}

/**
 * The errors that are not about a value the recording hid (`***`: the journal redacts credential-
 * looking fields; an error answer's `code` only when it is no identifier, decisions/038), so a
 * next version never breaks a recorded answer for a value the recording never showed.
 */
function unredacted(errors: readonly ErrorObject[] | null | undefined, body: unknown): ErrorObject[] {
  return (errors ?? []).filter((error) => valueAtPointer(body, error.instancePath) !== REDACTED)
}
