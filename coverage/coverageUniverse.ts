// What there is to cover, derived from the document alone: every operation, every documented
// status of each, every parameter (given, and omitted when optional), and every enum value a
// request can carry (a parameter's, or a field of the JSON request body). A status or enum value
// added to spec/openapi.yaml appears here with no code change.
import { type JsonSchema, operations, type PetStoreDocument } from '../spec/runtime.ts'

export type CoverageDimension = 'operations' | 'statuses' | 'parameters' | 'enumValues'

export const COVERAGE_DIMENSIONS: readonly CoverageDimension[] = [
  'operations',
  'statuses',
  'parameters',
  'enumValues',
]

/** One thing a run can exercise: `key` is unique within its operation and dimension. */
export interface CoverageItem {
  dimension: CoverageDimension
  operationId: string
  /** `201`, `4XX`; `limit`, `limit omitted`; `status=sold`, `body.status=pending`; '' for the operation. */
  key: string
}

/**
 * The items of a document, in document order.
 *
 * @example
 * coverageUniverse(document).filter((item) => item.operationId === 'getPet' && item.dimension === 'statuses')
 * // [{ dimension: 'statuses', operationId: 'getPet', key: '200' }, … '400', '401', '404']
 */
export function coverageUniverse(document: PetStoreDocument): CoverageItem[] {
  const items: CoverageItem[] = []
  for (const operation of operations(document)) {
    const operationId = operation.operationId
    const add = (dimension: CoverageDimension, key: string) => items.push({ dimension, operationId, key })
    add('operations', '')
    for (const status of Object.keys(operation.responses)) add('statuses', status)
    for (const parameter of operation.parameters) {
      add('parameters', parameter.name)
      if (!parameter.required) add('parameters', `${parameter.name} omitted`)
      for (const value of enumOf(parameter.schema)) add('enumValues', `${parameter.name}=${String(value)}`)
    }
    const body = operation.requestBody?.content['application/json']?.schema
    for (const [field, schema] of Object.entries(propertiesOf(body)))
      for (const value of enumOf(schema)) add('enumValues', `body.${field}=${String(value)}`)
  }
  return items
}

function enumOf(schema: JsonSchema | undefined): unknown[] {
  const values = (schema as { enum?: unknown[] } | undefined)?.enum
  return Array.isArray(values) ? values : []
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  const properties = (schema as { properties?: Record<string, JsonSchema> } | undefined)?.properties
  return properties ?? {}
}
