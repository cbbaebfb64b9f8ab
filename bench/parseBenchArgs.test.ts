import { describe, expect, test } from '@jest/globals'
import { parseBenchArgs } from './parseBenchArgs.ts'

describe('parseBenchArgs', () => {
  test('the full run: 5 s per route and driver after 3 s warm-up, every part, three start-ups', () => {
    const options = parseBenchArgs([])
    expect(options).toMatchObject({
      quick: false,
      enforce: false,
      seconds: 5,
      warmupSeconds: 3,
      startups: 3,
    })
    expect(options.parts).toEqual(['http', 'sessions', 'store', 'contract', 'state', 'latency', 'proxy'])
    expect(options.stateSizes).toEqual([0, 1_000_000])
  })

  test('--quick shortens the HTTP phase and keeps the whole run within the 90 s CI allows', () => {
    const options = parseBenchArgs(['--quick'])
    expect(options).toMatchObject({ seconds: 1, warmupSeconds: 0.5, startups: 1 })
    // Six servers x three routes, a warm-up and one window per driver: 45 s of load, as with one
    // driver and five servers before; the rest for start-ups, the sessions and the store.
    expect(6 * 3 * (2 * options.seconds + options.warmupSeconds)).toBeLessThanOrEqual(45)
  })

  test('1,000 sessions at 5,000 requests a second; --quick sends fewer, each session still served', () => {
    const full = parseBenchArgs([])
    expect(full).toMatchObject({ sessions: 1_000, sessionRate: 5_000 })
    expect(full.sessionRequests / full.sessionRate).toBeGreaterThanOrEqual(5)
    const quick = parseBenchArgs(['--quick'])
    expect(quick.sessions).toBe(1_000)
    expect(quick.sessionRequests).toBeGreaterThanOrEqual(quick.sessions)
    expect(quick.sessionRequests / quick.sessionRate).toBeLessThanOrEqual(1)
  })

  test('an explicit --duration wins over --quick', () => {
    expect(parseBenchArgs(['--quick', '--duration', '5']).seconds).toBe(5)
  })

  test('--only and --server are repeatable', () => {
    const options = parseBenchArgs(['--only', 'http', '--only', 'sessions', '--server', 'mock', '--enforce'])
    expect(options.parts).toEqual(['http', 'sessions'])
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
