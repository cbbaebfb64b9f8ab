import { apiRequestFromUrl } from '../../kit/http/ApiRequest.ts'
import { exactJson } from '../../kit/json/exactJson.ts'
import type { InterfaceModel } from '../../model/interfaceModel.ts'
import { listQuery, petIdOf } from '../../model/judgeExchange.ts'
import type { StateObservation } from '../../model/StateCoverage.ts'
import type { CompiledSpec } from '../../spec/runtime.ts'
import type { Exchange } from '../http/exchange.ts'

type Router = ReturnType<CompiledSpec['router']>

/**
 * What one exchange shows of the target's states (StateCoverage), or undefined when it shows none:
 * only answers to requests the document accepts, sent with the run's key (a negative probe's answer
 * says nothing of the store). The request is parsed once and routed by the one router.
 *
 * @example
 * stateObservationOf(exchange, spec.router('/v1'), model) // { operation: 'listPets', status: 'sold', page: [...] }
 */
export function stateObservationOf(
  exchange: Exchange,
  router: Router,
  model: InterfaceModel,
): StateObservation | undefined {
  const sent = exchange.request
  if ((sent.auth ?? 'valid') !== 'valid' || sent.authorization || sent.kind === 'gap' || sent.notJudged)
    return undefined
  const request = apiRequestFromUrl(sent.method, sent.url)
  const route = router.route(request.method, request.path)
  if (route.kind !== 'operation' || request.method !== route.operation.method.toUpperCase()) return undefined
  const body = exactJson(exchange.json) as unknown
  switch (route.operation.operationId) {
    case 'listPets': {
      const query = listQuery(model, request)
      if (!query || exchange.status !== 200 || !Array.isArray(body)) return undefined
      const page = body.flatMap((pet) => {
        const id = idOf(pet)
        return id === undefined ? [] : [{ id, status: (pet as { status?: unknown }).status }]
      })
      return { operation: 'listPets', limit: query.limit, status: query.status, page }
    }
    case 'getPet': {
      const id = petIdOf(model, route)
      if (id === undefined) return undefined
      const status = exchange.status === 200 ? (body as { status?: unknown } | undefined)?.status : undefined
      return { operation: 'getPet', id, answered: exchange.status, status }
    }
    case 'createPet': {
      const id = idOf(body)
      if (exchange.status !== 201 || id === undefined) return undefined
      return { operation: 'createPet', id, status: (body as { status?: unknown }).status }
    }
    default:
      return undefined
  }
}

function idOf(pet: unknown): bigint | undefined {
  const id = typeof pet === 'object' && pet !== null ? (pet as { id?: unknown }).id : undefined
  if (typeof id === 'bigint') return id
  return typeof id === 'number' && Number.isInteger(id) ? BigInt(id) : undefined
}
