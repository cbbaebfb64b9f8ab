// Coverage percentages, rounded so that a figure never claims what was not reached: a gate compares
// the exact fraction, and what is printed beside a missed gate is never at or past it.

/**
 * `covered / total` in percent, to two decimals (half up), except that nothing short of complete
 * is ever shown as 100: 2/3 is 66.67, 9999/10000 is 99.99, 0/0 is 100 (nothing to cover).
 *
 * @example
 * percentOf(2, 3) // 66.67
 * percentOf(199_999, 200_000) // 99.99, not 100
 */
export function percentOf(covered: number, total: number): number {
  if (total === 0) return 100
  const rounded = Math.round((covered / total) * 10_000) / 100
  return covered < total && rounded >= 100 ? 99.99 : rounded
}

/**
 * Whether `covered` of `total` reaches `wanted` percent, judged on the exact fraction: 2/3 does
 * not reach 66.67, however it is printed.
 *
 * @example
 * reaches(2, 3, 66.6) // true
 * reaches(2, 3, 66.67) // false
 */
export function reaches(covered: number, total: number, wanted: number): boolean {
  return total === 0 || covered * 100 >= wanted * total
}

/**
 * The percentage as printed beside a gate it missed: `percentOf`'s figure, or when that rounds up
 * to the gate or past it, the figure cut (not rounded) to as many decimals as it takes to show it
 * short: 2/3 against 66.67 is `66.66`, and 99,999/100,000 against 99.999 is `99.9989`.
 *
 * @example
 * percentShort(2, 3, 66.7) // '66.67'
 * percentShort(2, 3, 66.67) // '66.66'
 */
export function percentShort(covered: number, total: number, wanted: number): string {
  const shown = percentOf(covered, total)
  if (shown < wanted) return String(shown)
  const exact = (covered / total) * 100
  for (let digits = 2; digits < 12; digits++) {
    const scale = 10 ** digits
    const cut = Math.floor(exact * scale) / scale
    if (cut < wanted) return cut.toFixed(digits)
  }
  return exact.toString()
}
