import { describe, expect, test } from '@jest/globals'
import { compareStoreScaling } from './compareStoreScaling.ts'
import type { StoreListFigures, StoreScalingRun } from './StoreScaling.ts'

function figures(
  size: number,
  p99: { available: number; sold: number },
  rssMiB: number,
  controlP99 = 100,
): StoreListFigures {
  return {
    size,
    samples: 100,
    rounds: 1,
    fillMs: 1,
    timings: [
      { status: 'available', p50Ns: 100, p99Ns: p99.available },
      { status: 'sold', p50Ns: 100, p99Ns: p99.sold },
      { status: 'control', p50Ns: 100, p99Ns: controlP99 },
    ],
    rssBytes: rssMiB * 2 ** 20,
    peakRssBytes: rssMiB * 2 ** 20,
    heapUsedBytes: 0,
    newSpaceBytes: 0,
    minorPageFaults: 0,
  }
}

const run = (id: string, judged: boolean, flags: string[], list: StoreListFigures[]): StoreScalingRun => ({
  id,
  label: id,
  nodeFlags: flags,
  judged,
  figures: list,
})

describe('compareStoreScaling', () => {
  test('judges the p99 growth from smallest to largest size as a share of the control, RSS under defaults', () => {
    const result = compareStoreScaling([
      run(
        'default',
        true,
        ['--expose-gc'],
        [
          figures(1000, { available: 200, sold: 200 }, 60, 100),
          // The control doubles too: the process, not the store, is slower at this size.
          figures(1_000_000, { available: 580, sold: 2000 }, 320, 200),
        ],
      ),
      run(
        'pinned',
        false,
        ['--expose-gc', '--max-semi-space-size=1'],
        [
          figures(1000, { available: 200, sold: 200 }, 60),
          figures(1_000_000, { available: 9000, sold: 200 }, 200),
        ],
      ),
    ])
    expect(result.ratios.filter((ratio) => ratio.runId === 'default')).toEqual([
      { runId: 'default', status: 'available', ratio: 2.9, normalized: 1.45, met: true },
      { runId: 'default', status: 'sold', ratio: 10, normalized: 5, met: false },
      { runId: 'default', status: 'control', ratio: 2, normalized: 1, met: undefined },
    ])
    // The unjudged run is shown, never counted.
    expect(
      result.ratios.filter((ratio) => ratio.runId === 'pinned').every((ratio) => ratio.met === undefined),
    ).toBe(true)
    expect(result.rss).toMatchObject({ bytes: 320 * 2 ** 20, met: false, size: 1_000_000 })
    expect(result.misses).toEqual([
      "store list status=sold (default): p99 1000000 vs 1000 pets 10.00x, 5.00x of the control's growth, target <= 1.5x",
      "store RSS holding 1000000 pets: 320 MiB (heap used 0 MiB, V8's young generation 0 MiB), target <= 300 MiB",
    ])
  })

  test('a control that got faster does not flatter the store', () => {
    const result = compareStoreScaling([
      run(
        'pinned',
        true,
        ['--expose-gc', '--max-semi-space-size=1'],
        [
          figures(1000, { available: 100, sold: 100 }, 60, 200),
          figures(1_000_000, { available: 160, sold: 100 }, 250, 100),
        ],
      ),
    ])
    expect(result.ratios.find((ratio) => ratio.status === 'available')).toMatchObject({
      normalized: 1.6,
      met: false,
    })
  })

  test('an O(n) scan cannot hide behind a noisy control', () => {
    const result = compareStoreScaling([
      run(
        'default',
        true,
        ['--expose-gc'],
        [
          figures(1000, { available: 200, sold: 5_000 }, 60, 100),
          figures(1_000_000, { available: 200, sold: 5_000_000 }, 250, 300),
        ],
      ),
    ])
    expect(result.ratios.find((ratio) => ratio.status === 'sold')).toMatchObject({ met: false })
    expect(result.ratios.find((ratio) => ratio.status === 'available')).toMatchObject({ met: true })
  })

  test('one size alone gives no ratio', () => {
    const result = compareStoreScaling([
      run('default', true, ['--expose-gc'], [figures(1000, { available: 1, sold: 1 }, 1)]),
    ])
    expect(result.ratios).toEqual([])
    expect(result.misses).toEqual([])
  })
})
