import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { medianRoundRatio } from './medianRoundRatio.ts'

describe('medianRoundRatio', () => {
  test('a stall in fewer than half the rounds of either server does not move the verdict', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.double({ min: 20, max: 500, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 12 }),
        (rounds, ratio, stallMs, where) => {
          const baseline = Array.from({ length: rounds }, (_, round) => 8 + round)
          const judged = baseline.map((p99) => p99 * ratio)
          // Stalls in fewer than half the rounds, each in one server only.
          const stalled = Math.floor((rounds - 1) / 2)
          for (let k = 0; k < stalled; k++) {
            const round = (where + k) % rounds
            if ((where >> k) & 1) judged[round] = (judged[round] as number) + stallMs
            else baseline[round] = (baseline[round] as number) + stallMs
          }
          const { ratios, median } = medianRoundRatio(judged, baseline)
          expect(ratios).toHaveLength(rounds)
          const clean = ratios.filter((_, round) => judged[round] === (baseline[round] as number) * ratio)
          expect(clean.length).toBeGreaterThan(rounds / 2)
          expect(Math.min(...ratios)).toBeLessThanOrEqual(median)
          expect(median).toBeLessThanOrEqual(Math.max(...ratios))
          // With most rounds clean, the median is one of them (or between two of them).
          expect(median).toBeCloseTo(ratio, 6)
        },
      ),
    )
  })

  test('the median of an even count is the mean of the middle two; a NaN round sorts last', () => {
    expect(medianRoundRatio([12, 30, 11, 10], [10, 10, 10, 10])).toEqual({
      ratios: [1.2, 3, 1.1, 1],
      median: 1.15,
    })
    expect(medianRoundRatio([Number.NaN, 10, 10], [10, 10, 10]).median).toBe(1)
    expect(Number.isNaN(medianRoundRatio([Number.NaN, Number.NaN, 10], [10, 10, 10]).median)).toBe(true)
    expect(() => medianRoundRatio([1], [])).toThrow(/rounds differ/)
  })
})
