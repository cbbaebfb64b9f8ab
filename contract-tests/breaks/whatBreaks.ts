import type { ErrorObject } from 'ajv'
import type { HarExchange } from '../../har/readHar.ts'
import { type ApiRequest, apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import { REDACTED } from '../../kit/secrets/createRedactor.ts'
import { needsKey } from '../../spec/needsKey.ts'
import {
  type CompiledSpec,
  describeAjvErrors,
  documentedResponseKey,
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

/** One recorded interaction, or its answer, that could not be judged (or was already invalid), and why. */
export interface NotJudged {
  step: number
  request: string
  /** The same for every interaction it applies to, so they can be counted together. */
  reason: string
}

/** What `whatBreaks` found. */
export interface BreaksReport {
  breaks: Break[]
  /** Requests the current document refused (no version can break what it never accepted). */
  invalid: NotJudged[]
  notJudged: NotJudged[]
  /** Interactions under the base path (each one a step). */
  interactions: number
  /** Recorded response bodies validated against the new document's schema. */
  responsesJudged: number
}

export const NOT_AN_OPERATION = 'not an operation of the current document'
export const REFUSED = 'refused by the current document'
export const PREFLIGHT = 'an OPTIONS request: a CORS preflight'
export const NO_BODY = 'no response body recorded'
export const BODY_TRUNCATED = 'response body truncated by the recording'
export const BODY_NOT_JSON = 'response body is not JSON'
export const STATUS_UNDOCUMENTED = 'its status is not documented by the current document either'

/**
 * The recorded interactions (under `basePath`) that `current` (the recording's document) accepted
 * and `next` refuses or answers differently, judged on the recording alone (no target is called) by
 * each document's router and parameter reader (`judged`). What `current` already refused is
 * `invalid`, never a break, whatever a lenient server answered; what cannot be judged (a CORS
 * preflight, a body the recording did not keep or cut) is said, never passed over. A recorded
 * response body is validated against `next`'s schema for its operation and status (a field now
 * required or gone, a type or an enum value changed, each named).
 *
 * @example
 * whatBreaks(readHar(text), '/v1', await loadCompiledSpec('next.yaml'), defaultSpec())
 * // { breaks: [{ step: 3, request: 'GET /pets/1', kind: 'response no longer matches', why: "the 200 body must have required property 'nickname'" }], invalid: [], notJudged: [], … }
 */
export function whatBreaks(
  exchanges: readonly HarExchange[],
  basePath: string,
  next: CompiledSpec,
  current: CompiledSpec,
): BreaksReport {
  const report: BreaksReport = { breaks: [], invalid: [], notJudged: [], interactions: 0, responsesJudged: 0 }
  const router = current.router(basePath)
  for (const recorded of exchanges) {
    const sent = apiRequestFromUrl(recorded.method, recorded.url)
    if (router.below(sent.path) === undefined) continue
    const step = ++report.interactions
    const path = sent.path.slice(router.basePath.length)
    const request = `${recorded.method} ${path}${sent.search === '' ? '' : `?${sent.search}`}`
    const found = (kind: string, why: string) => report.breaks.push({ step, request, kind, why })
    const skip = (reason: string) => report.notJudged.push({ step, request, reason })
    const before = judged(current, basePath, sent, recorded)
    if (typeof before === 'string' || before.problems.length > 0) {
      const why = typeof before === 'string' ? before : `${REFUSED} (${before.problems.join('; ')}`
      if (why.includes(PREFLIGHT)) skip(`${why}; recorded ${recorded.status})`)
      else report.invalid.push({ step, request, reason: `${why}; recorded ${recorded.status})` })
      continue
    }
    if (documentedResponseKey(before.operation.responses, recorded.status) === undefined) {
      skip(STATUS_UNDOCUMENTED)
      continue
    }
    const after = judged(next, basePath, sent, recorded)
    if (typeof after === 'string') {
      found('operation removed', `the new document has no ${recorded.method} operation on ${path}`)
      continue
    }
    const { operation, problems } = after
    const id = operation.operationId
    // A request the recording's server refused anyway (a 4xx) may stay refused: only accepted ones can break.
    if (problems.length > 0 && recorded.status < 400) found('request no longer valid', problems.join('; '))
    const documented = `${id} documents ${Object.keys(operation.responses).join(', ')}, not ${recorded.status}`
    if (documentedResponseKey(operation.responses, recorded.status) === undefined) {
      found('status no longer documented', documented)
      continue
    }
    // A HEAD answer has no body, and a response the new document gives no JSON schema has none to break.
    const validate = next.validators.response(id, recorded.status)
    if (!validate || sent.method === 'HEAD') continue
    const text = recorded.responseText ?? ''
    const body = parseJsonLossless(text)
    if (body === undefined) {
      skip(text === '' ? NO_BODY : text.endsWith('…') ? BODY_TRUNCATED : BODY_NOT_JSON)
      continue
    }
    report.responsesJudged++
    const errors = validate(body) ? [] : unredacted(validate.errors, body)
    if (errors.length > 0)
      found('response no longer matches', describeAjvErrors(errors, `the ${recorded.status} body`))
  }
  return report
}

/**
 * What `spec` makes of a recorded request, as its mock would: why it is no operation (a preflight, a
 * method the path lacks, no such path), or its operation and each reason to refuse it (none:
 * accepted): a parameter the reader refuses, a body that breaks the schema, is not JSON or is
 * missing where required, no key where one is needed. Header parameters are not recorded.
 */
function judged(spec: CompiledSpec, basePath: string, sent: ApiRequest, recorded: HarExchange) {
  const route = spec.router(basePath).route(sent.method, sent.path)
  if (route.kind === 'method' && sent.method === 'OPTIONS') return `${NOT_AN_OPERATION} (${PREFLIGHT}`
  if (route.kind === 'method') return `${NOT_AN_OPERATION} (${route.template} has no ${sent.method}`
  if (route.kind !== 'operation') return `${NOT_AN_OPERATION} (no operation has this path`
  const { operation } = route
  const problems: string[] = []
  if (recorded.keyless && needsKey(operation, spec.document)) problems.push('sent without the key it needs')
  for (const read of readParameters(operation, sent, route, spec.validators))
    if (read.state === 'problem' && read.parameter.in !== 'header') problems.push(read.problem.message)
  const text = recorded.body ?? ''
  const body = parseJsonLossless(text)
  const validate = operation.requestBody && spec.validators.requestBody(operation.operationId)
  // A body the journal cut (it ends in `…`) cannot be read: it is not held against the request.
  if (!validate || text.endsWith('…')) return { operation, problems }
  if (body === undefined && (text !== '' || operation.requestBody?.required))
    problems.push(text === '' ? 'the body is required' : 'the body is not JSON')
  const errors = body === undefined || validate(body) ? [] : unredacted(validate.errors, body)
  if (errors.length > 0) problems.push(describeAjvErrors(errors, 'body'))
  return { operation, problems }
}

/**
 * The errors that are not about a value the recording hid (`***`: the journal redacts credential-
 * looking fields; an error answer's `code` only when it is no identifier, decisions/038), so a
 * next version never breaks a recorded answer for a value the recording never showed.
 */
function unredacted(errors: readonly ErrorObject[] | null | undefined, body: unknown): ErrorObject[] {
  return (errors ?? []).filter((error) => valueAtPointer(body, error.instancePath) !== REDACTED)
}
