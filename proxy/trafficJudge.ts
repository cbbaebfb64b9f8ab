// Judges observed traffic (what a frontend sent through the proxy, and what the upstream answered)
// against the spec and the contract suite's independent interface model, at the suite's levels,
// judging only what was observed: no request of its own is ever sent.

import type { ApiRequest } from '../kit/http/ApiRequest.ts'
import { preferredStatus } from '../kit/http/parsePrefer.ts'
import { exactJsonOf, parseJsonLossless } from '../kit/json/exactJson.ts'
import { clipWithin } from '../kit/text/clip.ts'
import { InvariantMemory, REMEMBERED_CHARS_MAX, REMEMBERED_PETS_MAX } from '../model/InvariantMemory.ts'
import { interfaceModelOf } from '../model/interfaceModel.ts'
import type { Answer } from '../model/judgeCreate.ts'
import { judgeExchange } from '../model/judgeExchange.ts'
import { judgeInvariants } from '../model/judgeInvariants.ts'
import { StoreKnowledge } from '../model/StoreKnowledge.ts'
import { needsKey } from '../spec/needsKey.ts'
import type { Route } from '../spec/Router.ts'
import { readParameters } from '../spec/readParameters.ts'
import { type CompiledSpec, describeAjvErrors, documentedResponseKey } from '../spec/runtime.ts'

/** One rule an observed exchange broke. */
export interface Violation {
  /**
   * `request_conformance`, `no_server_errors`, `status_code_conformance`, `response_schema_conformance`,
   * `missing_key_rejected`, an invariant's name (`page_within_limit`, `pet_reads_same`, ... as the
   * suite names them: model/invariantRules.ts), `interface_model`.
   */
  check: string
  level: 'required' | 'recommended'
  operation: string
  message: string
}

/** An exchange as the proxy saw it: the parsed request, where the one router sent it, the answer. */
export interface ObservedExchange {
  request: ApiRequest
  /** The router's answer for the request (`spec.router(basePath).route(method, path)`): only operations are judged. */
  route: Route
  /**
   * When the request arrived and when its answer was complete, on one counter per proxy (never a
   * tie). The answer is judged by the knowledge as of its start (`StoreKnowledge.asOf`): bound only
   * by exchanges of any client that completed before it arrived.
   */
  startedAt: number
  completedAt: number
  status: number
  responseText: string
}

/** Characters of one violation's message at most (a known pet's 1 MiB name would be quoted whole). */
export const VIOLATION_MESSAGE_MAX = 2_000

/** Violations one exchange reports at most: `?limit=x&limit=x&…` repeated 2,000 times is one fault. */
export const VIOLATIONS_PER_EXCHANGE_MAX = 10

/**
 * A judge with its own model of the store, one knowledge ordered in time (decision 035): every
 * exchange is judged as of when its request arrived, whatever connection or client it came from. A
 * HEAD is judged as the GET it stands for, without a body: its status and its key only.
 *
 * @example
 * const judge = trafficJudge(defaultSpec())
 * const request = apiRequest({ method: 'GET', target: '/v1/pets?status=sold', header })
 * judge({ request, route: router.route(request.method, request.path), startedAt: 1, completedAt: 2, status: 200, responseText: '[{"id":1,…,"status":"pending"}]' })
 * // [{ check: 'interface_model', level: 'required', operation: 'listPets', message: '…' }]
 */
export function trafficJudge(spec: CompiledSpec): (exchange: ObservedExchange) => Violation[] {
  const judge = judgeWithoutBound(spec)
  return (exchange) => {
    const found = judge(exchange)
    if (found.length <= VIOLATIONS_PER_EXCHANGE_MAX) return found
    const kept = found.slice(0, VIOLATIONS_PER_EXCHANGE_MAX)
    const last = kept[kept.length - 1] as Violation
    kept[kept.length - 1] = {
      ...last,
      message: `${last.message.slice(0, VIOLATION_MESSAGE_MAX - 60)} (and ${found.length - VIOLATIONS_PER_EXCHANGE_MAX} more in this exchange)`,
    }
    return kept
  }
}

function judgeWithoutBound(spec: CompiledSpec): (exchange: ObservedExchange) => Violation[] {
  const model = interfaceModelOf(spec)
  let knowledge = new StoreKnowledge(model)
  // The invariants' own memory, the suite's: sound whatever overlapped (a pet never changes).
  const memory = new InvariantMemory(model)
  return ({ request, route, startedAt, completedAt, status, responseText }) => {
    if (route.kind !== 'operation') return []
    const operation = route.operation.operationId
    const violations: Violation[] = []
    const add = (check: string, level: Violation['level'], message: string) =>
      violations.push({ check, level, operation, message: clipWithin(message, VIOLATION_MESSAGE_MAX) })
    // Past the invariants' caps the knowledge starts over: a lower bound, it only weakens by forgetting,
    // and an upstream inventing ids or 1 MiB names cannot grow the proxy's memory without end.
    if (knowledge.size >= REMEMBERED_PETS_MAX || knowledge.chars >= REMEMBERED_CHARS_MAX)
      knowledge = new StoreKnowledge(model)
    // The request as the mock reads it: a refused value is required, a form recommended (decisions/037).
    for (const read of readParameters(route.operation, request, route, spec.validators)) {
      if (read.state !== 'problem') continue
      const { message, refusedValue } = read.problem
      const said = refusedValue ?? `${message}: a text form the document does not decide`
      const level = refusedValue === undefined ? 'recommended' : 'required'
      add('request_conformance', level, `the request's ${said}`)
    }
    const requestText = request.body ?? ''
    let sent: unknown
    if (route.operation.requestBody) {
      // Parsed once, losslessly: Ajv reads the plain numbers, the model the exact int64 values.
      sent = parseJsonLossless(requestText)
      const validate = spec.validators.requestBody(operation)
      if (!validate(sent))
        add('request_conformance', 'required', `the request's ${describeAjvErrors(validate.errors, 'body')}`)
    }
    // Only the request's own faults are found so far.
    const requestValid = violations.length === 0
    // An error of the very status the request asked for (`Prefer: code=N`, as Prism and the mock read
    // it) is what the client wanted: judged as an answer, never as a server error nor by the model
    // (decision 041). Only the client's request asks, only for an error: no upstream turns a check off.
    const asked = status >= 400 && preferredStatus(request.header('prefer')) === status
    // The answer, as the document documents it.
    if (status >= 500 && !asked) add('no_server_errors', 'required', `the upstream answered ${status}`)
    if (documentedResponseKey(route.operation.responses, status) === undefined) {
      add('status_code_conformance', 'required', `${status} is not documented for ${operation}`)
      return violations
    }
    // A HEAD's answer has no body by definition (RFC 9110 section 9.3.2): nothing to read or model.
    const head = request.method === 'HEAD'
    // Parsed once (losslessly: the model compares int64 values exactly); not JSON reads as null.
    const body = head ? undefined : parseJsonLossless(responseText)
    const validate = head ? undefined : spec.validators.response(operation, status)
    if (validate && !validate(body === undefined ? null : body))
      add('response_schema_conformance', 'required', describeAjvErrors(validate.errors, `the ${status} body`))
    // §5: an operation that needs the key refuses a request without one. Whether a key sent is right
    // the proxy cannot know: a 401 to it is no fault, and the model judges only what got past auth.
    const keyless = request.header('authorization') === undefined
    if (keyless && status !== 401 && needsKey(route.operation, spec.document)) {
      const message = `${status} to a request with no Authorization header; documented 401`
      add('missing_key_rejected', 'required', message)
    }
    if (head) return violations
    const answer: Answer = { status, body: exactJsonOf(body, responseText) }
    const step = `${request.method} ${request.target}`
    const modelRequest = {
      params: route.params,
      query: request.query,
      ...(sent !== undefined && { body: exactJsonOf(sent, requestText) }),
    }
    // The invariants, on every answer (a 401's Error too), judged as the suite judges each exchange.
    const broken = judgeInvariants(model, memory, operation, modelRequest, answer, step)
    for (const problem of broken)
      add(problem.invariant, 'required', `received ${problem.received}; documented ${problem.documented}`)
    // The model: only answers past authentication to valid requests, and not an error asked for.
    if (status === 401 || !requestValid || asked) return violations
    // One knowledge in time: a read in flight while a create completed may predate that pet, and is
    // not bound by it; each pet it holds is still held to what was known of it (a pet never changes).
    const view = knowledge.asOf({ startedAt, completedAt })
    const problem = judgeExchange(model, view, operation, modelRequest, answer, step)
    // What an invariant named already is not said again as the model's.
    if (problem && broken.length === 0)
      add('interface_model', 'required', `received ${problem.received}; documented ${problem.documented}`)
    return violations
  }
}
