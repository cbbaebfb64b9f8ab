// Coverage: which items of the document's universe a set of observed exchanges exercised. Pure: the
// contract run, a HAR file or a mock session's journal each turn what they saw into Observations.
import { Router } from '../spec/Router.ts'
import { documentedResponseKey, operations, type PetStoreDocument } from '../spec/runtime.ts'
import {
  COVERAGE_GAUGES,
  type CoverageDimension,
  type CoverageGauge,
  type CoverageItem,
  coverageUniverse,
  inGauge,
} from './coverageUniverse.ts'
import { percentOf } from './percentOf.ts'

/** One exchange as coverage needs it: the request relative to the API's base URL, and the answer. */
export interface Observation {
  method: string
  /** The path under the base URL as sent (not normalised, still percent-encoded), without the query: `/pets/7`. */
  path: string
  /** The query's name and value pairs, in order, repeats kept. */
  query: ReadonlyArray<readonly [string, string]>
  /** The request body parsed as JSON, when it was JSON. */
  body?: unknown
  /** The response status; 0 when no response came (not counted as a status). */
  status: number
  /**
   * The operation the server routed the request to, when it said (a journal does; null: none), which
   * a clipped path cannot change; otherwise the path is routed here, by the one router.
   */
  operationId?: string | null | undefined
}

export interface DimensionTally {
  covered: number
  total: number
  /** covered / total, in percent to two decimals, never 100 short of complete (`percentOf`); 100 when empty. */
  percent: number
}

export interface Coverage {
  /** Each dimension, and each named set of statuses (`documentedStatuses`, `addedStatuses`). */
  dimensions: Record<CoverageGauge, DimensionTally>
  /** Every item of the universe with how often it was seen (0: never). */
  items: Array<CoverageItem & { seen: number }>
  /** Answers with a status the operation does not document, counted apart (never as covered). */
  undocumented: Array<{ operationId: string; status: number; seen: number }>
  /** Requests that matched no operation of the document. */
  unmatched: number
  /** Observations in all. */
  observed: number
}

/**
 * What `observations` exercised of `document`, each routed by the one router (spec/Router.ts) as the
 * mock routes it: `GET /pets/` and `GET /pets//7` are no operation's, HEAD counts as GET.
 *
 * @example
 * coverageOf(document, [{ method: 'GET', path: '/pets', query: [['limit', '5']], status: 200 }]).dimensions.operations
 * // { covered: 1, total: 3, percent: 33.33 }
 */
export function coverageOf(document: PetStoreDocument, observations: Iterable<Observation>): Coverage {
  const universe = coverageUniverse(document)
  const seen = new Map<string, number>()
  const undocumented = new Map<string, { operationId: string; status: number; seen: number }>()
  // The paths are under the base URL already: the router's base is the root.
  const router = new Router(operations(document), '')
  const byId = new Map(router.operations().map((operation) => [operation.operationId, operation]))
  let unmatched = 0
  let observed = 0
  const note = (dimension: CoverageDimension, operationId: string, key: string) => {
    const id = itemId({ dimension, operationId, key })
    seen.set(id, (seen.get(id) ?? 0) + 1)
  }
  for (const observation of observations) {
    observed++
    // Upper-case as every edge makes it (apiRequest): a recording may spell `get`.
    const route = router.route(observation.method.toUpperCase(), observation.path)
    const routed = route.kind === 'operation' ? route : undefined
    const said = observation.operationId
    const operation = said === undefined ? routed?.operation : said === null ? undefined : byId.get(said)
    if (!operation) {
      unmatched++
      continue
    }
    const id = operation.operationId
    note('operations', id, '')
    const { status } = observation
    const key = status > 0 ? documentedResponseKey(operation.responses, status) : undefined
    if (key !== undefined) note('statuses', id, key)
    else if (status > 0) {
      const tally = undocumented.get(`${id} ${status}`) ?? { operationId: id, status, seen: 0 }
      undocumented.set(`${id} ${status}`, { ...tally, seen: tally.seen + 1 })
    }
    const given = new Map<string, string>()
    for (const [name, value] of observation.query) if (!given.has(name)) given.set(name, value)
    if (routed?.operation === operation)
      for (const [name, value] of Object.entries(routed.params)) given.set(name, value)
    for (const parameter of operation.parameters) {
      const value = given.get(parameter.name)
      if (value === undefined) note('parameters', id, `${parameter.name} omitted`)
      else {
        note('parameters', id, parameter.name)
        note('enumValues', id, `${parameter.name}=${value}`)
      }
    }
    if (observation.body && typeof observation.body === 'object' && !Array.isArray(observation.body))
      for (const [field, value] of Object.entries(observation.body))
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
          note('enumValues', id, `body.${field}=${String(value)}`)
  }
  const items = universe.map((item) => ({ ...item, seen: seen.get(itemId(item)) ?? 0 }))
  const dimensions = Object.fromEntries(
    COVERAGE_GAUGES.map((gauge) => {
      const of = items.filter((item) => inGauge(item, gauge))
      const covered = of.filter((item) => item.seen > 0).length
      return [gauge, { covered, total: of.length, percent: percentOf(covered, of.length) }]
    }),
  ) as Record<CoverageGauge, DimensionTally>
  return { dimensions, items, undocumented: [...undocumented.values()], unmatched, observed }
}

function itemId(item: CoverageItem): string {
  return `${item.dimension}\n${item.operationId}\n${item.key}`
}
