import type { HarExchange } from '../../har/readHar.ts'
import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { exactJson, parseJsonLossless } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { redactTarget } from '../../kit/secrets/redactTarget.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { type Answer, describe } from '../../model/judgeCreate.ts'
import { judgeExchange, type ModelRequest } from '../../model/judgeExchange.ts'
import type { Problem } from '../../model/Problem.ts'
import { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import type { Exchange } from '../http/exchange.ts'
import {
  type Check,
  type CheckContext,
  type Finding,
  finding,
  OPERATION_IDS,
  type OperationName,
} from './Check.ts'
import { petsIn } from './describeResponse.ts'

/** A recording to replay: its exchanges in order, and the base path its URLs carry (`/v1`). */
export interface Recording {
  exchanges: readonly HarExchange[]
  basePath: string
}

/**
 * The interactions a frontend really made (a HAR from the mock's journal, a browser or the proxy),
 * sent again in order with the run's key, judged by the document and the independent model, never by
 * the recorded values (docs/replay.md). A call recorded with no Authorization header must get 401.
 * A created id is replaced by the target's; writes carry the run tag; a read-only run replays reads.
 * A request the document leaves open is judged only as every exchange is (no 5xx, an Error body).
 *
 * @example
 * replayedInteractions({ exchanges: readHar(text), basePath: '/v1' })
 */
export function replayedInteractions(recording: Recording): Check {
  return {
    name: 'replayed_interactions',
    level: 'required',
    description: () =>
      'Recorded interactions (HAR), replayed in order with ids substituted, keep the rules of the document (§4.1-§4.3, §7).',
    operations: OPERATION_IDS,
    needs: [],
    async run(context) {
      return replay(recording, context)
    },
  }
}

async function replay(recording: Recording, context: CheckContext) {
  const model = interfaceModelOf(context)
  const knowledge = new StoreKnowledge(model)
  const router = context.router(recording.basePath)
  const writes = context.capabilities.has('write')
  const ids = new Map<string, string>()
  const createdInRecording = new Set<string>()
  const findings: Finding[] = []
  const replayed = new Set<OperationName>()
  const skippedWrites = new Set<OperationName>()
  let step = 0
  for (const recorded of recording.exchanges) {
    // Read as the server saw the target (no dot segment resolved, nothing re-encoded), parsed once.
    const request = apiRequestFromUrl(recorded.method, recorded.url)
    // The one router decides what was called: a target the mock would not route is not replayed.
    const route = router.route(request.method, request.path)
    if (route.kind !== 'operation') continue
    // A HEAD is a call of the GET operation, as the router and coverage count it: replayed as that GET.
    const path = request.path.slice(router.basePath.length)
    const operation = route.operation.operationId as OperationName
    if (!(OPERATION_IDS as readonly string[]).includes(operation)) continue
    step++
    // Named with its credential-like query values hidden (kit/secrets' rule, as the mock's log).
    const name = `step ${step} (${request.method} ${redactTarget(`${path}${request.search === '' ? '' : `?${request.search}`}`)})`
    // A call recorded without a key goes out without one: its 401 is what the recording shows.
    const auth = recorded.keyless ? ({ auth: 'none' } as const) : {}
    const recordedId = route.params.petId ?? ''
    const mapped = ids.get(recordedId)
    const petId = mapped ?? recordedId
    if (
      !writes &&
      (operation === 'createPet' || (operation === 'getPet' && !mapped && createdInRecording.has(recordedId)))
    ) {
      skippedWrites.add(operation)
      continue
    }
    const sent = operation === 'createPet' ? taggedBody(recorded.body, context.runTag ?? '') : undefined
    // listPets goes out with its query as recorded.
    const exchange = await context.call(operation, operation === 'getPet' ? { petId } : {}, {
      ...auth,
      ...(sent ? { body: sent.text } : operation === 'listPets' && { rawQuery: request.search }),
    })
    replayed.add(operation)
    const judged = (input: ModelRequest) =>
      judgeExchange(model, knowledge, operation, input, answerOf(exchange), name)
    let problem: Problem | undefined
    if (recorded.keyless)
      problem = exchange.status === 401 ? undefined : problemOf(operation, exchange, KEYLESS)
    else if (sent) {
      const createdId = recorded.createdId ?? idIn(recorded.responseText)
      const newId = idIn(exchange.text)
      if (createdId !== undefined) {
        createdInRecording.add(createdId)
        if (newId !== undefined && exchange.status === 201) ids.set(createdId, newId)
      }
      // A body that is not JSON at all is judged as every exchange is (the document shows no answer for it).
      problem =
        sent.plain === undefined
          ? undefined
          : context.validators.requestBody('createPet')(sent.plain)
            ? judged({ body: sent.exact })
            : exchange.status === 400
              ? undefined
              : problemOf(operation, exchange, '400 with an Error body: the body breaks NewPet (§4.2, §7)')
    } else if (operation === 'getPet')
      // An id the document leaves open (not an int64) is judged as every exchange is, not here.
      problem = judged({ params: { petId } })
    else {
      problem = judged({ query: request.query })
      if (!problem)
        for (const pet of petsIn(exchange) ?? [])
          knowledge.learn(exactJson(pet) as Record<string, unknown>, false, name)
    }
    if (problem)
      findings.push(finding(exchange, operation, `${name}: ${problem.received}`, problem.documented))
  }
  const skipped: Partial<Record<OperationName, string>> = {}
  for (const operation of OPERATION_IDS) {
    if (replayed.has(operation)) continue
    skipped[operation] = skippedWrites.has(operation)
      ? 'read-only run: the recording writes (or reads a pet it created), and a read-only run creates nothing'
      : 'the recording holds no request to this operation'
  }
  return { findings, skipped }
}

function answerOf(exchange: Exchange): Answer {
  return { status: exchange.status, body: exactJson(exchange.json), error: exchange.error }
}

/** What a call sent with no key must get (its Error body is judged as every exchange's is). */
const KEYLESS = '401 with an Error body: the call carries no key, as recorded (§5.3)'

function problemOf(operation: OperationName, exchange: Exchange, documented: string): Problem {
  return { operation, received: describe(answerOf(exchange)), documented }
}

/**
 * The recorded body with the run tag before its name, so the pet is traceable to the run: the text
 * to send, the body as JSON.parse reads it (for the schema) and read exactly (for the model).
 */
function taggedBody(
  text: string | undefined,
  tag: string,
): { text: string; plain?: unknown; exact?: unknown } {
  if (text === undefined) return { text: '' }
  let exact: unknown
  try {
    exact = exactJson(parseJsonLossless(text))
  } catch {
    return { text }
  }
  if (exact === undefined) return { text }
  const tagged =
    exact &&
    typeof exact === 'object' &&
    !Array.isArray(exact) &&
    typeof (exact as { name?: unknown }).name === 'string'
      ? { ...(exact as Record<string, unknown>), name: `${tag} ${(exact as { name: string }).name}` }
      : exact
  const sent = toJsonText(tagged)
  return { text: sent, plain: JSON.parse(sent), exact: tagged }
}

function idIn(text: string | undefined): string | undefined {
  return text ? /"id"\s*:\s*(-?\d{1,19})\b/.exec(text)?.[1] : undefined
}
