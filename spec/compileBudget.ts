import { expandedSize } from './expandedSize.ts'
import { SpecInputError } from './SpecInputError.ts'
import { SPEC_LIMITS } from './specLimits.ts'

/**
 * What one compiled schema costs beyond its values, in values: Ajv builds and evaluates a function per
 * schema (about 1.7 ms for a schema of 5 values, against 0.1-0.4 ms per value).
 */
export const SCHEMA_COST = 10

/**
 * A check, called for each schema before it is compiled, that holds one document's compiled schemas
 * to SPEC_LIMITS. Ajv generates code for every value of a dereferenced schema, so a value shared by many
 * `$ref`s is compiled once per copy: what the spec makes the mock compile is bounded before Ajv starts.
 * Each distinct schema object counts once, and each shared value is sized once.
 *
 * @example
 * const charge = compileBudget()
 * charge(document.components.schemas.Pet, 'components/schemas/Pet') // throws SpecInputError past a bound
 */
export function compileBudget(): (schema: unknown, where: string) => void {
  const sizes = new Map<object, number>()
  const counted = new Set<object>()
  let total = 0
  return (schema, where) => {
    if (schema === null || typeof schema !== 'object' || counted.has(schema)) return
    counted.add(schema)
    const size = expandedSize(
      schema,
      { maxNodes: Number.POSITIVE_INFINITY, maxDepth: SPEC_LIMITS.maxDepth },
      'YAML aliases and $refs',
      sizes,
    )
    if (size > SPEC_LIMITS.maxSchemaValues)
      throw new SpecInputError(
        `the schema ${where} holds ${size} values once its $refs are expanded, more than ${SPEC_LIMITS.maxSchemaValues} (SPEC_LIMITS.maxSchemaValues): compiling it would hold the mock for seconds`,
      )
    total += size + SCHEMA_COST
    if (total > SPEC_LIMITS.maxCompiledValues)
      throw new SpecInputError(
        `the schemas to compile hold more than ${SPEC_LIMITS.maxCompiledValues} values once their $refs are expanded (SPEC_LIMITS.maxCompiledValues), reached at ${where}`,
      )
  }
}
