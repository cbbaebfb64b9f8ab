import { describe, expect, test } from '@jest/globals'
import type { RouteMeasurement } from '../RouteMeasurement.ts'
import { compareStateFileRuns, type StateFileRun } from './benchStateFile.ts'

function run(storedPets: number, mode: StateFileRun['mode'], requestsPerSecond: number): StateFileRun {
  return { storedPets, mode, startupMs: 1, measurement: { requestsPerSecond } as RouteMeasurement }
}

describe('compareStateFileRuns', () => {
  test('divides state-file creates/s by memory-only ones per size, and the largest size by the smallest', () => {
    const verdict = compareStateFileRuns([
      run(0, 'memory', 1000),
      run(0, 'state-file', 600),
      run(1_000_000, 'memory', 900),
      run(1_000_000, 'state-file', 540),
    ])
    expect(verdict.ratios).toEqual([
      { storedPets: 0, ratio: 0.6, met: true },
      { storedPets: 1_000_000, ratio: 0.6, met: true },
    ])
    expect(verdict.flatness).toEqual({ ratio: 0.9, met: true })
    expect(verdict.misses).toEqual([])
  })

  test('a state file under half of memory only, or creates that fall with the store, are misses', () => {
    const verdict = compareStateFileRuns([
      run(0, 'memory', 1000),
      run(0, 'state-file', 900),
      run(1_000_000, 'memory', 1000),
      run(1_000_000, 'state-file', 300),
    ])
    expect(verdict.ratios.map((ratio) => ratio.met)).toEqual([true, false])
    expect(verdict.flatness?.met).toBe(false)
    expect(verdict.misses).toHaveLength(2)
  })
})
