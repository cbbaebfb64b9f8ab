/**
 * A ratio as the report prints it: two decimals and an x, or n/a when it could not be computed.
 *
 * @example
 * formatRatio(1.234) // '1.23x'
 */
export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'n/a'
}
