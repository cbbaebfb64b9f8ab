// The CI gate on coverage: `--min-coverage documented-statuses=100,operations=100`, or one
// percentage for every dimension (`--min-coverage 80`). Parsing and judging are pure; the CLI
// prints what was missed.
import type { Coverage } from './coverageOf.ts'
import {
  COVERAGE_DIMENSIONS,
  COVERAGE_GAUGES,
  type CoverageGauge,
  type CoverageItem,
  inGauge,
} from './coverageUniverse.ts'
import { percentShort, reaches } from './percentOf.ts'

export type MinCoverage = Partial<Record<CoverageGauge, number>>

/**
 * A gauge as the console prints it: a dimension by its own name, a set of statuses in kebab-case
 * (`documented-statuses`). The flag takes either spelling of each.
 *
 * @example
 * gaugeName('documentedStatuses') // 'documented-statuses'
 * gaugeName('enumValues') // 'enumValues'
 */
export function gaugeName(gauge: CoverageGauge): string {
  return (COVERAGE_DIMENSIONS as readonly string[]).includes(gauge) ? gauge : kebab(gauge)
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}

/**
 * Reads the flag's text; throws a usage error naming what is wrong. A name is a dimension or a set of
 * statuses (`gaugeName`), in kebab-case or camelCase; one percentage applies to the four dimensions.
 *
 * @example
 * parseMinCoverage('documented-statuses=100,operations=100') // { documentedStatuses: 100, operations: 100 }
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
    const gauge = COVERAGE_GAUGES.find((one) => one === name || kebab(one) === name)
    if (!gauge)
      throw new Error(
        `--min-coverage takes ${COVERAGE_GAUGES.map(gaugeName).join(', ')} (name=percent, comma-separated) or one percentage; received '${part}'`,
      )
    minimum[gauge] = percent(value, name)
  }
  return minimum
}

/**
 * One line per gauge below its minimum, judged on the exact fraction (2/3 misses 66.67), with a figure
 * that never looks like a pass, naming the first items never observed; none when the gate passes.
 *
 * @example
 * missedCoverage(coverage, { documentedStatuses: 100 })
 * // ['documented-statuses 87.5% (7/8) < 100%: getPet 404 never observed']
 */
export function missedCoverage(coverage: Coverage, minimum: MinCoverage, shown = 8): string[] {
  const lines: string[] = []
  for (const gauge of COVERAGE_GAUGES) {
    const wanted = minimum[gauge]
    const { covered, total } = coverage.dimensions[gauge]
    if (wanted === undefined || reaches(covered, total, wanted)) continue
    const never = neverObserved(coverage.items, gauge, shown)
    lines.push(
      `${gaugeName(gauge)} ${percentShort(covered, total, wanted)}% (${covered}/${total}) < ${wanted}%: ${never} never observed`,
    )
  }
  return lines
}

/**
 * The first `shown` items of a gauge never observed, as `operation key`, and how many more; '' for none.
 *
 * @example
 * neverObserved(coverage.items, 'addedStatuses', 1) // 'createPet 413, and 1 more'
 */
export function neverObserved(
  items: ReadonlyArray<CoverageItem & { seen: number }>,
  gauge: CoverageGauge,
  shown: number,
): string {
  const never = items
    .filter((item) => inGauge(item, gauge) && item.seen === 0)
    .map((item) => `${item.operationId}${item.key ? ` ${item.key}` : ''}`)
  const more = never.length > shown ? `, and ${never.length - shown} more` : ''
  return `${never.slice(0, shown).join(', ')}${more}`
}
