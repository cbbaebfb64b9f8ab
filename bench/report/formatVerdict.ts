import type { Ratio } from './compareToBaseline.ts'
import { formatRatio } from './formatRatio.ts'

/**
 * A ratio cell: the ratio, then `ok` or `MISSED` for a judged server; the bare ratio for the others.
 *
 * @example
 * formatVerdict({ ratio: 1.7, met: false, ... }) // '1.70x MISSED'
 */
export function formatVerdict(ratio: Ratio | undefined): string {
  if (!ratio) return 'n/a'
  const text = formatRatio(ratio.ratio)
  if (ratio.met === undefined) return text
  return `${text} ${ratio.met ? 'ok' : 'MISSED'}`
}
