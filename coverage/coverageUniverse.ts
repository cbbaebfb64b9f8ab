// What there is to cover, from the document alone: every operation, its documented statuses, its
// parameters (given, and omitted when optional), and every enum value a request can carry (a
// parameter's, a JSON body field's). A status the spec adds (`x-added-statuses`: a 413 of the body
// cap) is marked `added`, so a gate can hold real traffic to the interface document's statuses.
import { isAddedStatus, type JsonSchema, operations, type PetStoreDocument } from '../spec/runtime.ts'

export const COVERAGE_DIMENSIONS = ['operations', 'statuses', 'parameters', 'enumValues'] as const
export type CoverageDimension = (typeof COVERAGE_DIMENSIONS)[number]

/**
 * The two named sets of `statuses`: those the interface document lists for each operation
 * (`documentedStatuses`), and those this project's spec adds (`addedStatuses`).
 */
export const STATUS_SETS = ['documentedStatuses', 'addedStatuses'] as const

/** The gauges in the order they are printed: each set of statuses right after `statuses`. */
export const COVERAGE_GAUGES = ['operations', 'statuses', ...STATUS_SETS, 'parameters', 'enumValues'] as const
/** What a coverage report tallies and a gate can name: each dimension, and each set of statuses. */
export type CoverageGauge = (typeof COVERAGE_GAUGES)[number]

/**
 * A gauge's items: its dimension's, or for a set of statuses those of `statuses` in the set.
 *
 * @example
 * coverage.items.filter((item) => inGauge(item, 'documentedStatuses'))
 */
export function inGauge(item: CoverageItem, gauge: CoverageGauge): boolean {
  if (gauge === 'documentedStatuses') return item.dimension === 'statuses' && !item.added
  if (gauge === 'addedStatuses') return item.dimension === 'statuses' && item.added === true
  return item.dimension === gauge
}

/** One thing a run can exercise: `key` is unique within its operation and dimension. */
export interface CoverageItem {
  dimension: CoverageDimension
  operationId: string
  /** `201`, `4XX`; `limit`, `limit omitted`; `status=sold`, `body.status=pending`; '' for the operation. */
  key: string
  /** Only on a status this project's spec adds to the interface document (`x-added-statuses`). */
  added?: true
}

/**
 * The items of a document, in document order.
 *
 * @example
 * coverageUniverse(document).filter((item) => item.operationId === 'getPet' && item.dimension === 'statuses')
 * // [{ dimension: 'statuses', operationId: 'getPet', key: '200' }, { …, key: '400', added: true }, … '401', '404']
 */
export function coverageUniverse(document: PetStoreDocument): CoverageItem[] {
  const items: CoverageItem[] = []
  for (const operation of operations(document)) {
    const operationId = operation.operationId
    const add = (dimension: CoverageDimension, key: string, added = false) =>
      items.push({ dimension, operationId, key, ...(added && { added }) })
    add('operations', '')
    for (const status of Object.keys(operation.responses))
      add('statuses', status, isAddedStatus(operation, status))
    for (const parameter of operation.parameters) {
      add('parameters', parameter.name)
      if (!parameter.required) add('parameters', `${parameter.name} omitted`)
      for (const value of enumOf(parameter.schema)) add('enumValues', `${parameter.name}=${String(value)}`)
    }
    const body = operation.requestBody?.content['application/json']?.schema
    for (const [field, schema] of Object.entries((body?.properties ?? {}) as Record<string, JsonSchema>))
      for (const value of enumOf(schema)) add('enumValues', `body.${field}=${String(value)}`)
  }
  return items
}

function enumOf(schema: JsonSchema | undefined): unknown[] {
  const values = (schema as { enum?: unknown[] } | undefined)?.enum
  return Array.isArray(values) ? values : []
}
