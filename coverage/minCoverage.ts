// The CI gate on coverage: `--min-coverage statuses=100,operations=100`, or one percentage for every
// dimension (`--min-coverage 80`). Parsing and judging are pure; the CLI prints what was missed.
import type { Coverage } from './coverageOf.ts'
import { COVERAGE_DIMENSIONS, type CoverageDimension } from './coverageUniverse.ts'

export type MinCoverage = Partial<Record<CoverageDimension, number>>

/**
 * Reads the flag's text; throws a usage error naming what is wrong.
 *
 * @example
 * parseMinCoverage('statuses=100,operations=100') // { statuses: 100, operations: 100 }
 * parseMinCoverage('80') // { operations: 80, statuses: 80, parameters: 80, enumValues: 80 }
 */
export function parseMinCoverage(text: string): MinCoverage {
  const percent = (value: string, what: string) => {
    const n = Number(value)
    if (!/^\d+(\.\d+)?$/.test(value) || n > 100)
      throw new Error(`--min-coverage: ${what} must be a percentage from 0 to 100; received '${value}'`)
    return n
  }
  if (/^[\d.]+$/.test(text.trim())) {
    const all = percent(text.trim(), 'the minimum')
    return Object.fromEntries(COVERAGE_DIMENSIONS.map((dimension) => [dimension, all]))
  }
  const minimum: MinCoverage = {}
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=').map((side) => side.trim())
    if (!(COVERAGE_DIMENSIONS as readonly string[]).includes(name))
      throw new Error(
        `--min-coverage takes ${COVERAGE_DIMENSIONS.join(', ')} (name=percent, comma-separated) or one percentage; received '${part}'`,
      )
    minimum[name as CoverageDimension] = percent(value, name)
  }
  return minimum
}

/**
 * One line per dimension below its minimum, naming the first items never observed; empty when the
 * gate passes.
 *
 * @example
 * missedCoverage(coverage, { statuses: 100 })
 * // ['statuses 90.9% < 100%: createPet 413, createPet 415 never observed']
 */
export function missedCoverage(coverage: Coverage, minimum: MinCoverage, shown = 8): string[] {
  const lines: string[] = []
  for (const dimension of COVERAGE_DIMENSIONS) {
    const wanted = minimum[dimension]
    const tally = coverage.dimensions[dimension]
    if (wanted === undefined || tally.percent >= wanted) continue
    const never = coverage.items
      .filter((item) => item.dimension === dimension && item.seen === 0)
      .map((item) => `${item.operationId}${item.key ? ` ${item.key}` : ''}`)
    const more = never.length > shown ? ` and ${never.length - shown} more` : ''
    lines.push(
      `${dimension} ${tally.percent}% < ${wanted}%: ${never.slice(0, shown).join(', ')}${more} never observed`,
    )
  }
  return lines
}
