import { operationTarget, type SpecOperation } from '../../spec/runtime.ts'
import type { OperationName } from '../base/OperationName.ts'
import type { ProbeRequest } from './exchange.ts'

/** A call's parameters by name: path parameters fill the path, the others go to the query in this order. */
export type CallParameters = Parameters<typeof operationTarget>[1]

/** How a call goes out, besides its operation and parameters: what ProbeRequest says of auth, headers, body and judging. */
export interface CallOptions extends Omit<ProbeRequest, 'operation' | 'method' | 'path'> {
  /**
   * A query sent exactly as written, after the parameters' own (`a=1&b`): a recording's query as
   * recorded, or a credential carried in the query.
   */
  rawQuery?: string | undefined
}

/**
 * The request that calls `operationId` of the spec with `parameters`: its method, and its target
 * written by `operationTarget` (the router's inverse), so a check names operations and parameters,
 * never paths. Throws when the spec has no such operation, or a path parameter has no value.
 *
 * @example
 * callRequest(vocabulary.operations, 'getPet', { petId: 7 }) // { operation: 'getPet', method: 'GET', path: '/pets/7' }
 * callRequest(vocabulary.operations, 'listPets', { limit: 0 }, { kind: 'gap' }).path // '/pets?limit=0'
 */
export function callRequest(
  operations: ReadonlyMap<string, SpecOperation>,
  operationId: OperationName,
  parameters: CallParameters = {},
  options: CallOptions = {},
): ProbeRequest {
  const operation = operations.get(operationId)
  if (!operation) throw new Error(`the spec has no operation '${operationId}'`)
  const { rawQuery, ...sent } = options
  const target = operationTarget(operation, parameters)
  const path = rawQuery ? `${target}${target.includes('?') ? '&' : '?'}${rawQuery}` : target
  // The values named, as written, for an Arazzo step (arazzoSteps); none with a repeat or a `{ raw }` text.
  const named = [...Object.entries(parameters), ...new URLSearchParams(rawQuery)].filter(
    ([, v]) => v !== undefined,
  )
  const where = (name: string) =>
    (operation.path.includes(`{${name}}`) ? 'path' : 'query') as 'path' | 'query'
  return {
    operation: operationId,
    method: operation.method.toUpperCase() as ProbeRequest['method'],
    path,
    ...(named.every(([, v]) => typeof v !== 'object') && {
      parameters: named.map(([name, v]) => ({ name, in: where(name), value: String(v) })),
    }),
    ...sent,
  }
}
