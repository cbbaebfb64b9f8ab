// The 1,000-session row (decision 033): `npm start` with its defaults serving 1,000 sessions
// (`X-Mock-Session`, docs/sessions.md) under a mixed load at a fixed rate, against bare node:http under
// the very same requests in the same run. Judged: every session sees only its own pets, no error,
// and p99 latency within 1.2x of bare's.
import { LatencyRecorder } from '../benchHttp.ts'
import { BARE_SERVER, NPM_START_SERVER, type RunningServer, startServer } from '../benchServers.ts'
import { driveAtRate } from '../drive/driveAtRate.ts'
import { serializeRequest } from '../drive/serializeRequest.ts'
import type { BenchOptions } from '../parseBenchArgs.ts'
import { percentile } from '../percentile.ts'
import { readTreeUsage } from '../readProcessUsage.ts'
import { formatRatio, meets } from '../report/compareToBaseline.ts'
import { medianRoundRatio } from './medianRoundRatio.ts'
import { EXPECTED_STATUS, isolationProblem, mixedRequest, sessionName } from './sessionMix.ts'

export const SESSIONS_P99_TARGET = { op: '<=', limit: 1.2 } as const
// In flight at once at most: far more than 5,000 requests a second at a few ms each needs.
const CONNECTIONS = 64
// The measured requests in rounds, bare then npm start in each: the p99s of a round are compared,
// and the median of the rounds' ratios is judged (decision 039). A stall from outside both servers
// (the hypervisor taking a core for tens of ms) lands in one server's round, not in both.
export const SESSION_ROUNDS = 8
const WARMUP_STEPS = 3

/** The unmeasured requests before the rounds: every session's first create, list and read. */
export const sessionWarmup = (sessions: number, requests: number): number =>
  Math.min(sessions * WARMUP_STEPS, Math.floor(requests / 2))

export interface SessionsRow {
  serverId: string
  label: string
  /** Measured requests answered (the warm-up is not in it), and over how many seconds. */
  answered: number
  seconds: number
  p50Ms: number
  p99Ms: number
  cpuPerRequestUs: number
  /** An unexpected status, a connection error or no answer within the time bound. */
  failed: number
  /** What the isolation check found wrong (the mock only: bare has no sessions). */
  isolation?: { sessionsChecked: number; problems: string[] }
}

export interface SessionsBench {
  sessions: number
  rate: number
  rows: SessionsRow[]
  /** The judged ratio: the median of the rounds' p99 ratios (`roundRatios`). */
  p99Ratio: number
  /** Each round's p99 of npm start over bare's, in order. */
  roundRatios: number[]
  /** The p99 of all measured requests, npm start over bare: shown, not judged. */
  allRequestsP99Ratio: number
  misses: string[]
}

type SessionsOptions = Pick<BenchOptions, 'sessions' | 'sessionRequests' | 'sessionRate'>

/**
 * Starts bare node:http and `npm start`, then sends each the same mixed load (creates, lists, reads
 * by id, each request naming one of `sessions` sessions) at `sessionRate` a second: first a warm-up
 * (every session's first create, list and read), then the measured requests in SESSION_ROUNDS rounds, the two
 * servers in turn within a round. Afterwards each session of the mock lists its pets (limit 100) and reads
 * its first pet by the id its create answered. Every server is stopped before this returns.
 */
export async function benchSessions(
  options: SessionsOptions,
  apiKey: string,
  log: (line: string) => void,
): Promise<SessionsBench> {
  // Every session's first create, list and read (the mix's first three steps): each route of a
  // named session is compiled before the measured rounds, as the HTTP routes' warm-up does for theirs.
  const warmup = sessionWarmup(options.sessions, options.sessionRequests)
  const measured = options.sessionRequests - warmup
  const running: RunningServer[] = []
  try {
    for (const server of [BARE_SERVER, NPM_START_SERVER]) running.push(await startServer(server, apiKey))
    const state = running.map((server) => ({
      server,
      latencies: new LatencyRecorder(),
      round: new LatencyRecorder(),
      roundP99s: [] as number[],
      cpuSeconds: 0,
      answered: 0,
      seconds: 0,
      failed: 0,
      created: new Map<number, { names: string[]; firstId?: number }>(),
    }))
    const load = async (entry: (typeof state)[number], from: number, to: number, timed: boolean) => {
      const origin = new URL(entry.server.baseUrl)
      const before = readTreeUsage(entry.server.pid)
      const result = await driveAtRate(
        Number(origin.port),
        (index) =>
          serializeRequest(origin.host, mixedRequest(from + index, options.sessions, '/v1', apiKey).request),
        {
          count: to - from,
          rate: options.sessionRate,
          connections: CONNECTIONS,
          maxSeconds: ((to - from) / options.sessionRate) * 4 + 10,
        },
        (index, response, latencyMs) => {
          const mixed = mixedRequest(from + index, options.sessions, '/v1', apiKey)
          if (timed) {
            entry.latencies.add(latencyMs)
            entry.round.add(latencyMs)
          }
          if (response.status !== EXPECTED_STATUS[mixed.operation]) {
            entry.failed++
            return
          }
          if (mixed.operation !== 'createPet') return
          const own = entry.created.get(mixed.session) ?? { names: [] }
          own.names.push(JSON.parse(String(mixed.request.body)).name)
          own.firstId ??= JSON.parse(response.body.toString()).id
          entry.created.set(mixed.session, own)
        },
      )
      entry.failed += result.errors + result.unfinished
      if (!timed) return
      entry.roundP99s.push(percentile(entry.round.sorted(), 0.99))
      entry.round = new LatencyRecorder()
      entry.cpuSeconds += readTreeUsage(entry.server.pid).cpuSeconds - before.cpuSeconds
      entry.answered += result.answered
      entry.seconds += result.seconds
    }

    for (const entry of state) {
      log(
        `sessions: ${entry.server.server.label}, warm-up (${warmup} requests: each session's first create, list and read)`,
      )
      await load(entry, 0, warmup, false)
    }
    for (let round = 0; round < SESSION_ROUNDS; round++) {
      const from = warmup + Math.floor((measured * round) / SESSION_ROUNDS)
      const to = warmup + Math.floor((measured * (round + 1)) / SESSION_ROUNDS)
      for (const entry of state) {
        log(
          `sessions: ${entry.server.server.label}, round ${round + 1} of ${SESSION_ROUNDS} (${to - from} requests)`,
        )
        await load(entry, from, to, true)
      }
    }

    const rows = state.map((entry): SessionsRow => {
      const sorted = entry.latencies.sorted()
      return {
        serverId: entry.server.server.id,
        label: entry.server.server.label,
        answered: entry.answered,
        seconds: entry.seconds,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        cpuPerRequestUs: entry.answered > 0 ? (entry.cpuSeconds / entry.answered) * 1e6 : Number.NaN,
        failed: entry.failed,
      }
    })
    const mock = state[1] as (typeof state)[number]
    log(`sessions: checking that each of the ${options.sessions} sessions sees only its own pets`)
    ;(rows[1] as SessionsRow).isolation = await checkIsolation(
      mock.server,
      mock.created,
      options.sessions,
      apiKey,
    )

    const [bare, judged] = rows as [SessionsRow, SessionsRow]
    const [bareRounds, judgedRounds] = state.map((entry) => entry.roundP99s) as [number[], number[]]
    const { ratios: roundRatios, median: p99Ratio } = medianRoundRatio(judgedRounds, bareRounds)
    const misses: string[] = []
    const where = `${options.sessions} sessions at ${options.sessionRate} req/s`
    if (!meets(SESSIONS_P99_TARGET, p99Ratio))
      misses.push(`mock-npm ${where}: p99 ${formatRatio(p99Ratio)}, target <= ${SESSIONS_P99_TARGET.limit}x`)
    if (judged.failed > 0) misses.push(`mock-npm ${where}: ${judged.failed} failed requests`)
    const problems = judged.isolation?.problems ?? []
    if (problems.length > 0)
      misses.push(
        `mock-npm ${where}: ${problems.length} sessions not isolated (${problems.slice(0, 3).join('; ')})`,
      )
    return {
      sessions: options.sessions,
      rate: options.sessionRate,
      rows,
      p99Ratio,
      roundRatios,
      allRequestsP99Ratio: judged.p99Ms / bare.p99Ms,
      misses,
    }
  } finally {
    await Promise.all(running.map((server) => server.stop()))
  }
}

/**
 * Each session lists its pets (limit 100: the 45 seeded and its own few) and reads its first created
 * pet by the id its create answered; ids are per session, so many sessions ask for the same id and
 * each must get its own pet.
 */
async function checkIsolation(
  server: RunningServer,
  created: ReadonlyMap<number, { names: string[]; firstId?: number }>,
  sessions: number,
  apiKey: string,
): Promise<{ sessionsChecked: number; problems: string[] }> {
  const origin = new URL(server.baseUrl)
  const request = (index: number) => {
    const session = index % sessions
    const headers = { authorization: `Bearer ${apiKey}`, 'x-mock-session': sessionName(session) }
    const path =
      index < sessions ? '/v1/pets?limit=100' : `/v1/pets/${created.get(session)?.firstId ?? 'none'}`
    return serializeRequest(origin.host, { method: 'GET', path, headers })
  }
  const problems: string[] = []
  const result = await driveAtRate(
    Number(origin.port),
    request,
    // All due at once, 64 in flight: a check, not a load.
    { count: 2 * sessions, rate: 1e9, connections: CONNECTIONS, maxSeconds: 60 },
    (index, response) => {
      const session = index % sessions
      const own = created.get(session)?.names ?? []
      if (response.status !== 200) {
        problems.push(
          `session ${session}: ${index < sessions ? 'list' : 'read of its first pet'} answered ${response.status}`,
        )
        return
      }
      const body = JSON.parse(response.body.toString())
      if (index < sessions) {
        const names = Array.isArray(body) ? body.map((pet: { name?: unknown }) => pet.name) : []
        const problem = isolationProblem(session, names, own)
        if (problem) problems.push(problem)
      } else if (body.name !== own[0])
        problems.push(`session ${session} read ${String(body.name)}, not its ${own[0]}`)
    },
  )
  if (result.errors + result.unfinished > 0)
    problems.push(`${result.errors} connection errors, ${result.unfinished} checks unanswered`)
  return { sessionsChecked: sessions, problems }
}

/** The table `npm run bench` prints. */
export function formatSessionsTable(bench: SessionsBench): string {
  const lines = [
    '| server | requests | req/s | p50 ms | p99 ms | CPU us/req | failed | isolated |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ]
  for (const row of bench.rows) {
    const isolated = row.isolation
      ? row.isolation.problems.length === 0
        ? `all ${row.isolation.sessionsChecked}`
        : `${row.isolation.problems.length} problems`
      : 'n/a (no sessions)'
    lines.push(
      `| ${row.label} | ${row.answered} | ${Math.round(row.answered / row.seconds)} | ${row.p50Ms.toFixed(2)} | ${row.p99Ms.toFixed(2)} | ${row.cpuPerRequestUs.toFixed(1)} | ${row.failed} | ${isolated} |`,
    )
  }
  const verdict = meets(SESSIONS_P99_TARGET, bench.p99Ratio) ? 'ok' : 'MISSED'
  lines.push(
    `p99 npm start / bare by round: ${bench.roundRatios.map(formatRatio).join(', ')}`,
    `p99 npm start / bare, the median round: ${formatRatio(bench.p99Ratio)} (target <= ${SESSIONS_P99_TARGET.limit}x) ${verdict}; of all requests: ${formatRatio(bench.allRequestsP99Ratio)} (shown)`,
  )
  return lines.join('\n')
}
