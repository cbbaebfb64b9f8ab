import { expect, test } from '@jest/globals'
import { formatLatencyTable, type LatencyRow, latencyMisses } from './modelPhaseAtLatency.ts'

const row = (latencyMs: number, sequences: number, wallMs: number, caught = true): LatencyRow => ({
  latencyMs,
  mock: { wallMs, sequences, created: 250, failed: false },
  fault: {
    wallMs,
    failedChecks: caught ? ['gap_values_exact createPet', 'model_based_sequences createPet'] : [],
    ...(caught ? { modelFoundAfterMs: latencyMs + 50 } : {}),
  },
})

test('at 100 ms a third of the local sequences and a minute per run are the targets; a missed fault is a miss', () => {
  expect(latencyMisses([row(0, 200, 1_000), row(20, 200, 5_000), row(100, 200, 30_000)], false)).toEqual([])
  const misses = latencyMisses([row(0, 300, 1_000), row(20, 200, 5_000, false), row(100, 90, 70_000)], false)
  expect(misses).toEqual([
    'model phase at 20 ms: the model phase did not catch names cut at 50',
    'model phase at 100 ms: 90 sequences, 0.30x of 0 ms (target >= 0.33x)',
    'model phase at 100 ms: a default run took 70.0 s (target <= 60 s)',
  ])
  // --quick has no wall-time target (a smaller budget).
  expect(latencyMisses([row(0, 40, 1_000), row(100, 40, 70_000)], true)).toEqual([])
})

test('the table shows ratios to the 0 ms row of the same run', () => {
  const table = formatLatencyTable({
    quick: false,
    rows: [row(0, 200, 1_000), row(100, 100, 30_000)],
    misses: [],
  })
  const lines = table.split('\n')
  expect(lines[0]).toMatch(/^latency +run s +sequences +seq x/)
  expect(lines[1]).toMatch(
    /^0 ms +1\.0 +200 +1\.00 +250 +1\.0 +0\.05 +1\.0 +gap_values_exact, model_based_sequences$/,
  )
  expect(lines[2]).toMatch(/^100 ms +30\.0 +100 +0\.50 +250 +30\.0 +0\.15 +3\.0 /)
})
