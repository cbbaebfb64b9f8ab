import { describe, expect, test } from '@jest/globals'
import { parseBenchArgs } from './parseBenchArgs.ts'

describe('parseBenchArgs', () => {
  test('the full run: 10 s per route after 3 s warm-up, every part, three start-ups', () => {
    const options = parseBenchArgs([])
    expect(options).toMatchObject({
      quick: false,
      enforce: false,
      seconds: 10,
      warmupSeconds: 3,
      startups: 3,
    })
    expect(options.parts).toEqual(['http', 'store', 'contract', 'state', 'latency', 'proxy'])
    expect(options.stateSizes).toEqual([0, 1_000_000])
  })

  test('--quick shortens the HTTP phase and keeps the whole run within the 90 s CI allows', () => {
    const options = parseBenchArgs(['--quick'])
    expect(options).toMatchObject({ seconds: 2, warmupSeconds: 1, startups: 1 })
    // Five servers x three routes of warm-up and measurement: 45 s of load, the rest for start-ups and the store.
    expect(5 * 3 * (options.seconds + options.warmupSeconds)).toBeLessThanOrEqual(45)
  })

  test('an explicit --duration wins over --quick', () => {
    expect(parseBenchArgs(['--quick', '--duration', '5']).seconds).toBe(5)
  })

  test('--only and --server are repeatable', () => {
    const options = parseBenchArgs(['--only', 'http', '--only', 'store', '--server', 'mock', '--enforce'])
    expect(options.parts).toEqual(['http', 'store'])
    expect(options.servers).toEqual(['mock'])
    expect(options.enforce).toBe(true)
  })

  test.each([
    [['--only', 'disk'], '--only takes'],
    [['--duration', '0'], '--duration must be a positive number'],
    [['--warmup=-1'], '--warmup must be 0 or more'],
    [['--fast'], "Unknown option '--fast'"],
  ])('%j is refused', (argv, message) => {
    expect(() => parseBenchArgs(argv)).toThrow(message)
  })
})
