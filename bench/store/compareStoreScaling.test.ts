import { describe, expect, test } from '@jest/globals'
import { compareStoreScaling, type StoreScalingRun } from './compareStoreScaling.ts'
import type { StoreListFigures } from './measureStoreList.ts'

function figures(size: number, p99: { available: number; sold: number }, rssMiB: number): StoreListFigures {
  return {
    size,
    samples: 100,
    rounds: 1,
    fillMs: 1,
    timings: [
      { status: 'available', p50Ns: 100, p99Ns: p99.available },
      { status: 'sold', p50Ns: 100, p99Ns: p99.sold },
      { status: 'control', p50Ns: 100, p99Ns: 5000 },
    ],
    rssBytes: rssMiB * 2 ** 20,
    peakRssBytes: rssMiB * 2 ** 20,
    heapUsedBytes: 0,
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
  test('judges the p99 ratio of the largest to the smallest size for both statuses, RSS under defaults', () => {
    const result = compareStoreScaling([
      run(
        'pinned',
        true,
        ['--expose-gc', '--max-semi-space-size=1'],
        [
          figures(1000, { available: 200, sold: 200 }, 60),
          figures(1_000_000, { available: 290, sold: 2000 }, 200),
        ],
      ),
      run(
        'default',
        false,
        ['--expose-gc'],
        [
          figures(1000, { available: 200, sold: 200 }, 60),
          figures(1_000_000, { available: 9000, sold: 200 }, 320),
        ],
      ),
    ])
    expect(result.ratios.filter((ratio) => ratio.runId === 'pinned')).toEqual([
      { runId: 'pinned', status: 'available', ratio: 1.45, met: true },
      { runId: 'pinned', status: 'sold', ratio: 10, met: false },
      { runId: 'pinned', status: 'control', ratio: 1, met: undefined },
    ])
    // The unjudged run is shown, never counted.
    expect(
      result.ratios.filter((ratio) => ratio.runId === 'default').every((ratio) => ratio.met === undefined),
    ).toBe(true)
    expect(result.rss).toMatchObject({ bytes: 320 * 2 ** 20, met: false, size: 1_000_000 })
    expect(result.misses).toEqual([
      'store list status=sold (pinned): p99 1000000 vs 1000 pets 10.00x, target <= 1.5x',
      'store RSS holding 1000000 pets: 320 MiB, target <= 300 MiB',
    ])
  })

  test('one size alone gives no ratio', () => {
    const result = compareStoreScaling([
      run('default', true, ['--expose-gc'], [figures(1000, { available: 1, sold: 1 }, 1)]),
    ])
    expect(result.ratios).toEqual([])
    expect(result.misses).toEqual([])
  })
})
