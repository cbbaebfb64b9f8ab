import type { Server } from 'node:http'
import { modelBasedSequences } from '../contract-tests/checks/modelBasedSequences.ts'
import type { ContractReport, RunOptions } from '../contract-tests/running/runContract.ts'
import { runContract } from '../contract-tests/running/runContract.ts'
import { createReferenceServer } from '../tests/servers/referenceServer.ts'
import { runAgainstServer } from '../tests/support/runAgainstServer.ts'
import { BENCH_SERVERS, type BenchServer, startServer } from './benchServers.ts'

/** Round trips the rows are measured at: local, a near staging, a typical staging. */
export const BENCH_LATENCIES_MS = [0, 20, 100] as const

/** The seeded fault: names cut to a VARCHAR(50) column (the reference server, an independent implementation). */
const COLUMN_WIDTH = 50
/** --quick: the model phase alone, a small budget, so CI's smoke test stays short. */
const QUICK: Partial<RunOptions> = { checks: [modelBasedSequences], budget: '40seq,10s' }
/** Targets (decisions/017): at 100 ms, a third of the local sequences, and a default run within a minute. */
export const SEQUENCE_RATIO_TARGET = 1 / 3
export const WALL_LIMIT_MS = 60_000

/** One latency: a default run against the mock, and one against the seeded fault. */
export interface LatencyRow {
  latencyMs: number
  /** The run against the mock (`--latency`): wall time, model sequences, pets created, verdict. */
  mock: { wallMs: number; sequences: number; created: number; failed: boolean }
  /** The run against the fault: wall time, the checks that failed, when the model phase first saw it. */
  fault: { wallMs: number; failedChecks: string[]; modelFoundAfterMs?: number }
}

export interface LatencyBench {
  quick: boolean
  rows: LatencyRow[]
  misses: string[]
}

const summary = (report: ContractReport) => ({
  sequences: report.generated?.sequences ?? 0,
  failedChecks: [
    ...new Set(
      report.results
        .filter((r) => r.outcome === 'fail' && r.level === 'required')
        .map((r) => `${r.check} ${r.operation}`),
    ),
  ],
})

/**
 * The model phase at staging latency, in one run on this machine: for each of 0, 20 and 100 ms per
 * request, a default run (`runContract` with its defaults) against the project's mock started with
 * `--latency`, and one against a server that cuts names to 50 characters with the same delay. Ratios
 * are to the 0 ms row of the same run. With `quick`, the model phase alone with a small budget.
 */
export async function benchModelPhaseAtLatency(
  apiKey: string,
  quick: boolean,
  log: (line: string) => void,
): Promise<LatencyBench> {
  const target = BENCH_SERVERS.find((server) => server.role === 'target') as BenchServer
  const rows: LatencyRow[] = []
  const run = quick ? QUICK : {}
  for (const latencyMs of BENCH_LATENCIES_MS) {
    log(`model phase at ${latencyMs} ms per request: the mock, then names cut at ${COLUMN_WIDTH}`)
    const slow: BenchServer = {
      ...target,
      command: (port, key) => {
        const { file, args } = target.command(port, key)
        return { file, args: [...args, '--latency', String(latencyMs)] }
      },
    }
    const mock = await startServer(slow, apiKey)
    let mockRow: LatencyRow['mock']
    try {
      const started = performance.now()
      const report = await runContract({ baseUrl: mock.baseUrl, apiKey, ...run })
      mockRow = {
        wallMs: performance.now() - started,
        sequences: summary(report).sequences,
        created: report.footprint?.created ?? 0,
        failed: report.failed,
      }
    } finally {
      await mock.stop()
    }
    const server: Server = createReferenceServer({
      apiKey,
      pets: 130,
      nameColumnWidth: COLUMN_WIDTH,
      latencyMs,
    })
    const started = performance.now()
    const report = await runAgainstServer(server, { apiKey, seed: 17, ...run })
    const foundAfter = report.generated?.foundAfterMs
    rows.push({
      latencyMs,
      mock: mockRow,
      fault: {
        wallMs: performance.now() - started,
        failedChecks: summary(report).failedChecks,
        ...(foundAfter === undefined ? {} : { modelFoundAfterMs: foundAfter }),
      },
    })
  }
  return { quick, rows, misses: latencyMisses(rows, quick) }
}

/** What the rows miss of the targets (the wall-time limit only for the full default run). */
export function latencyMisses(rows: readonly LatencyRow[], quick: boolean): string[] {
  const base = rows.find((row) => row.latencyMs === 0)
  const misses: string[] = []
  for (const row of rows) {
    const at = `model phase at ${row.latencyMs} ms`
    if (row.mock.failed) misses.push(`${at}: the run against the mock failed`)
    if (!row.fault.failedChecks.includes('model_based_sequences createPet'))
      misses.push(`${at}: the model phase did not catch names cut at ${COLUMN_WIDTH}`)
    if (base && row.latencyMs === 100) {
      const ratio = row.mock.sequences / Math.max(1, base.mock.sequences)
      if (ratio < SEQUENCE_RATIO_TARGET)
        misses.push(`${at}: ${row.mock.sequences} sequences, ${ratio.toFixed(2)}x of 0 ms (target >= 0.33x)`)
      if (!quick && Math.max(row.mock.wallMs, row.fault.wallMs) > WALL_LIMIT_MS)
        misses.push(
          `${at}: a default run took ${(Math.max(row.mock.wallMs, row.fault.wallMs) / 1000).toFixed(1)} s (target <= 60 s)`,
        )
    }
  }
  return misses
}

/**
 * The table: per latency, the run against the mock (seconds, sequences, their ratio to 0 ms, pets
 * created) and against the fault (seconds, when the model phase saw it and its ratio to 0 ms, the
 * checks that failed).
 */
export function formatLatencyTable(bench: LatencyBench): string {
  const base = bench.rows.find((row) => row.latencyMs === 0)
  const header = [
    'latency',
    'run s',
    'sequences',
    'seq x',
    'created',
    'fault run s',
    'found after s',
    'found x',
    'caught by',
  ]
  const lines = bench.rows.map((row) => {
    const found = row.fault.modelFoundAfterMs
    const baseFound = base?.fault.modelFoundAfterMs
    return [
      `${row.latencyMs} ms`,
      (row.mock.wallMs / 1000).toFixed(1),
      String(row.mock.sequences),
      base ? (row.mock.sequences / Math.max(1, base.mock.sequences)).toFixed(2) : '-',
      String(row.mock.created),
      (row.fault.wallMs / 1000).toFixed(1),
      found === undefined ? 'not found' : (found / 1000).toFixed(2),
      found === undefined || !baseFound ? '-' : (found / baseFound).toFixed(1),
      row.fault.failedChecks
        .map((check) => check.split(' ')[0])
        .filter((c, i, all) => all.indexOf(c) === i)
        .join(', ') || 'nothing',
    ]
  })
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
  )
  return [header, ...lines]
    .map((cells) =>
      cells
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
