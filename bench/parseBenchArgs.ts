import { parseArgs } from 'node:util'

export type BenchPart = 'http' | 'sessions' | 'store' | 'contract' | 'state' | 'latency' | 'proxy'

export interface BenchOptions {
  quick: boolean
  /** Exit non-zero when a target is missed (by default a miss is printed, and the exit code is 0). */
  enforce: boolean
  parts: BenchPart[]
  /** Server ids to drive; all when empty. The baseline is always added. */
  servers: string[]
  connections: number
  /** Measured seconds per route, server and driver (autocannon, then the bench's own). */
  seconds: number
  warmupSeconds: number
  /** Start-ups per server; the median is reported, the last process is the one driven. */
  startups: number
  storeSizes: number[]
  storeRounds: number
  storeSamples: number
  /** Pets stored before creates are driven with and without --state-file. */
  stateSizes: number[]
  /** The sessions part: this many sessions (`X-Mock-Session`), `sessionRequests` sent at `sessionRate` per second. */
  sessions: number
  sessionRequests: number
  sessionRate: number
  /** The whole run is stopped (every child killed) past this. */
  budgetSeconds: number
}

export const BENCH_USAGE = `Usage: npm run bench -- [options]

  --quick             short run for a CI smoke test: 1 s per route and driver after 0.5 s warm-up, one
                      start-up each, 3,000 requests over the 1,000 sessions
  --enforce           exit 1 when a target is missed (default: print MISSED and exit 0)
  --only PART         http, sessions, store, contract, state, latency or proxy; repeat for more (default: all)
  --server ID         bare, mock-npm (npm start, judged per route), mock, mock-quiet, prism, prism-error,
                      bare-headers (bare sending the mock's extra headers: what they cost); repeat
                      (default: all). Bare always runs, and the start-up rows: the bin (judged) and
                      npm starting bare (npm's own share)
  --connections N     connections of both drivers (default 50)
  --duration S        measured seconds per route and driver (default 5, --quick 1)
  --warmup S          unmeasured warm-up seconds per route (default 3, --quick 0.5)
  --help              this text`

const PARTS: readonly BenchPart[] = ['http', 'sessions', 'store', 'contract', 'state', 'latency', 'proxy']

/**
 * Reads `npm run bench` flags. Pure: returns the options or throws an Error that says which flag is wrong.
 *
 * @example
 * parseBenchArgs(['--quick']).seconds // 2
 */
export function parseBenchArgs(argv: readonly string[]): BenchOptions & { help: boolean } {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      quick: { type: 'boolean', default: false },
      enforce: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      server: { type: 'string', multiple: true },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const quick = values.quick
  const parts = (values.only ?? [...PARTS]).map((part) => {
    if (!PARTS.includes(part as BenchPart)) throw new Error(`--only takes ${PARTS.join(', ')}, not ${part}`)
    return part as BenchPart
  })
  const seconds = positive('duration', values.duration ?? (quick ? '1' : '5'))
  const warmupSeconds = nonNegative('warmup', values.warmup ?? (quick ? '0.5' : '3'))
  const sessionRequests = quick ? 3_000 : 25_000
  return {
    help: values.help,
    quick,
    enforce: values.enforce,
    parts,
    servers: values.server ?? [],
    connections: positive('connections', values.connections ?? '50'),
    seconds,
    warmupSeconds,
    startups: quick ? 1 : 3,
    storeSizes: [1_000, 100_000, 1_000_000],
    // Cheap (a second or so per size, mostly filling the store) and noisy when cut short: the same in --quick.
    storeRounds: 9,
    storeSamples: 20_000,
    // 1e6 stored pets take some 10 s to load per start; --quick checks the shape on 1e5.
    stateSizes: quick ? [0, 100_000] : [0, 1_000_000],
    // About 5,000 requests a second over 1,000 sessions, as the brief of decision 033 asks; --quick
    // sends fewer (each session still creates a pet and is checked).
    sessions: 1_000,
    sessionRequests,
    sessionRate: 5_000,
    // Five servers x three routes, start-ups, the store and the contract suite, with room to spare.
    // ... plus four state-file runs, each starting on a seed of up to 1e6 pets, and six contract
    // runs at 0, 20 and 100 ms per request (the 100 ms ones up to a minute each).
    // ... plus the proxy: two proxies x three routes.
    // ... six servers x three routes x two drivers since decision 033, and the sessions part (two
    // servers, each load at least 5 s, checks included); seven servers with bare sending the mock's headers.
    budgetSeconds:
      (7 * 3 * 2 + 4 + 2 * 3) * (seconds + warmupSeconds) * 1.5 +
      (quick ? 180 : 300) +
      (quick ? 90 : 240) +
      2 * (sessionRequests / 5_000 + 30),
  }
}

function positive(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, not ${text}`)
  return value
}

function nonNegative(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be 0 or more, not ${text}`)
  return value
}
