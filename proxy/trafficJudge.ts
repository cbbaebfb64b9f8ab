// Judges observed traffic (what a frontend sent through the proxy, and what the upstream answered)
// against the spec and the contract suite's independent interface model, at the suite's levels,
// judging only what was observed: no request of its own is ever sent.

import { operationMatcher } from '../coverage/matchOperation.ts'
import { exactJsonOf, parseJsonLossless } from '../kit/json/exactJson.ts'
import { isInt64Text } from '../kit/json/isInt64Text.ts'
import { interfaceModelOf } from '../model/interfaceModel.ts'
import { type Answer, judgeCreate } from '../model/judgeCreate.ts'
import { judgeGet } from '../model/judgeGet.ts'
import { judgeList } from '../model/judgeList.ts'
import { StoreKnowledge } from '../model/StoreKnowledge.ts'
import { needsKey } from '../spec/needsKey.ts'
import { type CompiledSpec, describeAjvErrors, documentedResponseKey } from '../spec/runtime.ts'

/** One rule an observed exchange broke. */
export interface Violation {
  /** `request_conformance`, `no_server_errors`, `status_code_conformance`, `response_schema_conformance`, `missing_key_rejected`, `interface_model`. */
  check: string
  level: 'required' | 'recommended'
  operation: string
  message: string
}

/** An exchange as the proxy saw it: the request under the base path, and the upstream's answer. */
export interface ObservedExchange {
  method: string
  /** Under the base path, with the query: `/pets?status=sold`. */
  target: string
  requestText?: string | undefined
  /** Whether the request carried an Authorization header (the proxy never learns the key itself). */
  authorization?: boolean | undefined
  /**
   * True when a create completed while this request was in flight: the answer may predate that
   * pet, so a read is judged against nothing known (each pet it holds is still held to what was
   * known of it: a pet never changes).
   */
  overlappedWrite?: boolean | undefined
  status: number
  responseText: string
}

/** Characters of one violation's message at most (a known pet's 1 MiB name would be quoted whole). */
export const VIOLATION_MESSAGE_MAX = 2_000

/** Violations one exchange reports at most: `?limit=x&limit=x&…` repeated 2,000 times is one fault. */
export const VIOLATIONS_PER_EXCHANGE_MAX = 10

/**
 * Pets the model keeps at most: past it, it starts over empty. Knowledge is a lower bound, so
 * forgetting never makes a verdict wrong, only weaker; an upstream inventing ids on every list cannot
 * grow the proxy's memory without end.
 */
export const KNOWN_PETS_MAX = 50_000

/**
 * A judge with its own model of the store, fed in the order exchanges completed.
 *
 * @example
 * const judge = trafficJudge(defaultSpec())
 * judge({ method: 'GET', target: '/pets?status=sold', status: 200, responseText: '[{"id":1,…,"status":"pending"}]' })
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
  const model = interfaceModelOf(spec.document)
  let knowledge = new StoreKnowledge(model)
  const match = operationMatcher(spec.document)
  return (exchange) => {
    // A target a URL parser refuses (`/\`, which reads as `//` with no host) is no operation's: not judged.
    let url: URL
    try {
      url = new URL(exchange.target, 'http://proxy.invalid')
    } catch {
      return []
    }
    const matched = match(exchange.method, url.pathname)
    if (!matched) return []
    const operation = matched.operation.operationId
    const violations: Violation[] = []
    const add = (check: string, level: Violation['level'], message: string) =>
      violations.push({
        check,
        level,
        operation,
        message:
          message.length > VIOLATION_MESSAGE_MAX
            ? `${message.slice(0, VIOLATION_MESSAGE_MAX - 1)}…`
            : message,
      })
    if (knowledge.size > KNOWN_PETS_MAX) knowledge = new StoreKnowledge(model)
    // The request, as the document defines it: the frontend's side of the contract.
    let requestValid = true
    for (const parameter of matched.operation.parameters) {
      const texts =
        parameter.in === 'path'
          ? [matched.parameters[parameter.name] ?? '']
          : parameter.in === 'query'
            ? url.searchParams.getAll(parameter.name)
            : []
      for (const text of texts) {
        const integer = (parameter.schema as { type?: unknown }).type === 'integer'
        const value = integer && /^-?\d+$/.test(text) ? Number(text) : text
        const validate = spec.validators.parameter(operation, parameter.name)
        if (!validate(value)) {
          requestValid = false
          add(
            'request_conformance',
            'required',
            `the request's ${describeAjvErrors(validate.errors, parameter.name)}`,
          )
        }
      }
    }
    let sent: unknown
    if (matched.operation.requestBody) {
      // Parsed once, losslessly: Ajv reads the plain numbers, the model the exact int64 values.
      sent = parseJsonLossless(exchange.requestText ?? '')
      const validate = spec.validators.requestBody(operation)
      if (!validate(sent)) {
        requestValid = false
        add('request_conformance', 'required', `the request's ${describeAjvErrors(validate.errors, 'body')}`)
      }
    }
    // The answer, as the document documents it.
    if (exchange.status >= 500)
      add('no_server_errors', 'required', `the upstream answered ${exchange.status}`)
    const key = documentedResponseKey(matched.operation.responses, exchange.status)
    if (key === undefined) {
      add('status_code_conformance', 'required', `${exchange.status} is not documented for ${operation}`)
      return violations
    }
    // Parsed once (losslessly: the model compares int64 values exactly); not JSON reads as null.
    const body = parseJsonLossless(exchange.responseText)
    const validate = spec.validators.response(operation, exchange.status)
    if (validate && !validate(body === undefined ? null : body))
      add(
        'response_schema_conformance',
        'required',
        describeAjvErrors(validate.errors, `the ${exchange.status} body`),
      )
    // §5: every operation that needs the key refuses a request without one. Whether a key that was
    // sent is the right one the proxy cannot know, so a 401 to it is never judged a fault, and the
    // model judges only answers to requests that got past authentication.
    if (
      exchange.authorization === false &&
      needsKey(matched.operation, spec.document) &&
      exchange.status !== 401
    )
      add(
        'missing_key_rejected',
        'required',
        `${exchange.status} to a request with no Authorization header; documented 401`,
      )
    if (exchange.status === 401) return violations
    // The model: only requests the document defines an answer for.
    if (!requestValid) return violations
    const answer: Answer = { status: exchange.status, body: exactJsonOf(body, exchange.responseText) }
    const step = `${exchange.method} ${exchange.target}`
    const read = exchange.overlappedWrite === true && operation !== 'createPet'
    const basis = read ? new StoreKnowledge(model) : knowledge
    const problem =
      operation === 'createPet' && sent && typeof sent === 'object'
        ? judgeCreate(
            model,
            knowledge,
            exactJsonOf(sent, exchange.requestText ?? '') as Record<string, unknown>,
            answer,
            step,
          )
        : operation === 'listPets'
          ? judgeList(model, basis, listQuery(url.searchParams), answer, step)
          : operation === 'getPet' && isInt64Text(matched.parameters.petId ?? '')
            ? judgeGet(basis, BigInt(matched.parameters.petId as string), answer, step)
            : undefined
    if (problem)
      add('interface_model', 'required', `received ${problem.received}; documented ${problem.documented}`)
    else if (read) {
      const disagreement = learnRead(knowledge, answer, operation === 'listPets', step)
      if (disagreement)
        add(
          'interface_model',
          'required',
          `received ${disagreement}; documented the same pet every time (the interface has no update)`,
        )
    }
    return violations
  }
}

/** Learns the pets an overlapped read returned into the real knowledge; a pet read differently says how. */
function learnRead(
  knowledge: StoreKnowledge,
  answer: Answer,
  list: boolean,
  step: string,
): string | undefined {
  const pets = list ? answer.body : answer.status === 200 ? [answer.body] : []
  for (const pet of Array.isArray(pets) ? pets : []) {
    const disagreement = knowledge.learn(pet as Record<string, unknown>, false, step)
    if (disagreement) return disagreement
  }
  return undefined
}

function listQuery(params: URLSearchParams): { limit?: number; status?: string } {
  const limit = params.get('limit')
  const status = params.get('status')
  return { ...(limit === null ? {} : { limit: Number(limit) }), ...(status === null ? {} : { status }) }
}
