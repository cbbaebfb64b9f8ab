import { LIST_PARAMETERS, readParameters } from '../spec/runtime.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import type { Answer } from './judgeCreate.ts'
import { judgeCreate } from './judgeCreate.ts'
import { judgeGet } from './judgeGet.ts'
import { judgeList } from './judgeList.ts'
import type { ListQuery } from './ListQuery.ts'
import type { Problem } from './Problem.ts'
import type { StoreKnowledge } from './StoreKnowledge.ts'

/** What the model reads of one request: nothing of a URL string, only what the edge parsed. */
export interface ModelRequest {
  /** The path parameters, percent-decoded (the router's `params`). */
  readonly params?: Readonly<Record<string, string>> | undefined
  /** The query's decoded pairs, repeats kept (an ApiRequest's `query`). */
  readonly query?: { getAll(name: string): string[] } | undefined
  /** The JSON body read exactly (integers beyond 2^53 as bigints, `exactJson`), when there was one. */
  readonly body?: unknown
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({})
const NO_QUERY = { getAll: (): string[] => [] }

/**
 * The one model dispatcher: judges the answer to one request by the judge of its operation
 * (createPet, listPets, getPet), reading the request as the model needs it. The proxy's judge and
 * the suite's replay ask it, so they judge the same exchange alike. Undefined when the answer is as
 * the model allows, and when no judge applies: another operation, a create body that is not an
 * object, a petId or list query the spec's reader refuses (the mock's 400), which a server may answer
 * as it likes. The caller judges only requests whose parameters and body the document
 * accepts; a read's `knowledge` may be a fresh one (a read that overlapped a write may predate it).
 *
 * @example
 * judgeExchange(model, knowledge, 'listPets', { query: new URLSearchParams('status=sold') }, { status: 200, body: [] }, 'GET /pets?status=sold')
 * // a Problem when the knowledge holds a sold pet, else undefined
 */
export function judgeExchange(
  model: InterfaceModel,
  knowledge: StoreKnowledge,
  operationId: string,
  request: ModelRequest,
  answer: Answer,
  step: string,
): Problem | undefined {
  switch (operationId) {
    case 'createPet': {
      const body = request.body
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
      return judgeCreate(model, knowledge, body as Record<string, unknown>, answer, step)
    }
    case 'listPets': {
      const query = listQuery(model, request)
      return query ? judgeList(model, knowledge, query, answer, step) : undefined
    }
    case 'getPet': {
      const id = petIdOf(model, request)
      return id === undefined ? undefined : judgeGet(knowledge, id, answer, step)
    }
    default:
      return undefined
  }
}

/** getPet's id as the mock reads it (the spec's one reader), exactly; undefined for one it refuses. */
export function petIdOf(model: InterfaceModel, { params = NO_PARAMS }: ModelRequest): bigint | undefined {
  const reads = readParameters(model.getPet, { query: NO_QUERY }, { params }, model.validators)
  const id = reads.find((read) => read.parameter.in === 'path')
  return id?.state === 'given' ? BigInt(params[id.parameter.name] as string) : undefined
}

/** The list query as the mock reads it (the spec's one reader); undefined for one it refuses or spelled, left open. */
export function listQuery(model: InterfaceModel, { query = NO_QUERY }: ModelRequest): ListQuery | undefined {
  const judged: ListQuery = {}
  for (const read of readParameters(model.listPets, { query }, { params: NO_PARAMS }, model.validators)) {
    if (read.state === 'problem' || read.state === 'spelled') return undefined
    if (read.state !== 'given') continue
    if (read.parameter.name === LIST_PARAMETERS.limit) judged.limit = read.value as number
    else if (read.parameter.name === LIST_PARAMETERS.status) judged.status = read.value as string
  }
  return judged
}
