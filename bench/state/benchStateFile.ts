// The state file's cost on creates (decision 013): the mock with and without --state-file, at 0 and at
// 1e6 stored pets, driven with POST /v1/pets in turn so each pair is measured seconds apart. The
// targets are ratios in the same run: with the state file at least half the creates per second of
// memory only, and creates at 1e6 stored pets within 2x of those at 0 (flat).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BENCH_ROUTES, driveRoute } from '../benchHttp.ts'
import { type BenchServer, startServer } from '../benchServers.ts'
import type { RouteMeasurement } from '../RouteMeasurement.ts'

export interface StateFileRun {
  storedPets: number
  mode: 'memory' | 'state-file'
  startupMs: number
  measurement: RouteMeasurement
}

export interface StateFileBench {
  runs: StateFileRun[]
  /** Per stored size: state-file req/s divided by memory-only req/s (target >= 0.5). */
  ratios: Array<{ storedPets: number; ratio: number; met: boolean }>
  /** With the state file: req/s at the largest size divided by req/s at the smallest (target >= 0.5). */
  flatness: { ratio: number; met: boolean } | undefined
  misses: string[]
}

export const STATE_FILE_RATIO_TARGET = 0.5
export const FLATNESS_TARGET = 0.5
const START_TIMEOUT_MS = 180_000
const CREATE_ROUTE = BENCH_ROUTES.find((route) => route.id === 'create') as (typeof BENCH_ROUTES)[number]
const start = fileURLToPath(new URL('../../mocks/http/start.mjs', import.meta.url))

/**
 * For each size, writes a seed of that many pets, then starts the mock memory-only and with a new
 * state file (filled from the seed at start), and drives creates on each. Every server is stopped
 * by PID before the next starts; the scratch folder is removed.
 */
export async function benchStateFile(
  sizes: readonly number[],
  drive: { connections: number; seconds: number; warmupSeconds: number },
  apiKey: string,
  log: (line: string) => void,
): Promise<StateFileBench> {
  const scratch = mkdtempSync(join(tmpdir(), 'petstore-bench-state-'))
  const runs: StateFileRun[] = []
  try {
    for (const storedPets of sizes) {
      const seed = join(scratch, `seed-${storedPets}.json`)
      writeFileSync(seed, seedText(storedPets))
      for (const mode of ['memory', 'state-file'] as const) {
        const stateArgs =
          mode === 'state-file' ? ['--state-file', join(scratch, `pets-${storedPets}.db`)] : []
        const server: BenchServer = {
          id: `mock-${mode}-${storedPets}`,
          label: `mock ${mode}, ${storedPets} pets stored`,
          role: 'target',
          basePath: '/v1',
          command: (port, key) => ({
            file: process.execPath,
            args: [
              start,
              '--quiet',
              '--port',
              String(port),
              '--api-key',
              key,
              '--seed',
              seed,
              '--max-pets',
              '100000000',
              ...stateArgs,
            ],
          }),
        }
        log(`state file: ${server.label}`)
        const running = await startServer(server, apiKey, START_TIMEOUT_MS)
        try {
          const measurement = await driveRoute(running, CREATE_ROUTE, { ...drive, apiKey })
          runs.push({ storedPets, mode, startupMs: running.startupMs, measurement })
        } finally {
          await running.stop()
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  return { runs, ...compareStateFileRuns(runs) }
}

/**
 * The ratios and verdicts of a set of runs. Pure.
 *
 * @example
 * compareStateFileRuns(runs).ratios // [{ storedPets: 0, ratio: 0.8, met: true }, ...]
 */
export function compareStateFileRuns(runs: readonly StateFileRun[]): Omit<StateFileBench, 'runs'> {
  const rate = (storedPets: number, mode: StateFileRun['mode']) =>
    runs.find((run) => run.storedPets === storedPets && run.mode === mode)?.measurement.requestsPerSecond
  const sizes = [...new Set(runs.map((run) => run.storedPets))].sort((a, b) => a - b)
  const misses: string[] = []
  const ratios = sizes.flatMap((storedPets) => {
    const memory = rate(storedPets, 'memory')
    const durable = rate(storedPets, 'state-file')
    if (!memory || durable === undefined) return []
    const ratio = durable / memory
    const met = ratio >= STATE_FILE_RATIO_TARGET
    if (!met)
      misses.push(
        `state file at ${storedPets} pets: ${ratio.toFixed(2)}x the creates/s of memory only (target >= ${STATE_FILE_RATIO_TARGET}x)`,
      )
    return [{ storedPets, ratio, met }]
  })
  const smallest = sizes[0] === undefined ? undefined : rate(sizes[0], 'state-file')
  const largest = sizes.at(-1) === undefined ? undefined : rate(sizes.at(-1) as number, 'state-file')
  let flatness: StateFileBench['flatness']
  if (sizes.length > 1 && smallest && largest !== undefined) {
    const ratio = largest / smallest
    flatness = { ratio, met: ratio >= FLATNESS_TARGET }
    if (!flatness.met)
      misses.push(
        `state file: creates/s at ${sizes.at(-1)} pets are ${ratio.toFixed(2)}x those at ${sizes[0]} (target >= ${FLATNESS_TARGET}x)`,
      )
  }
  return { ratios, flatness, misses }
}

/** A Pets array of `count` pets, ids 1..count, the three statuses in turn. */
function seedText(count: number): string {
  const statuses = ['available', 'pending', 'sold']
  const pets = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `pet ${i + 1}`,
    categoryId: 1 + (i % 7),
    status: statuses[i % 3],
  }))
  return JSON.stringify(pets)
}

/** The table `npm run bench` prints. */
export function formatStateFileTable(bench: StateFileBench): string {
  const lines = [
    '| stored pets | mode | startup ms | creates/s | p99 ms | CPU us/req | failed |',
    '|---|---|---|---|---|---|---|',
  ]
  for (const run of bench.runs) {
    const m = run.measurement
    lines.push(
      `| ${run.storedPets} | ${run.mode} | ${Math.round(run.startupMs)} | ${Math.round(m.requestsPerSecond)} | ${m.p99Ms.toFixed(2)} | ${m.cpuPerRequestUs.toFixed(0)} | ${m.non2xx + m.errors} |`,
    )
  }
  for (const { storedPets, ratio, met } of bench.ratios)
    lines.push(
      `state file / memory at ${storedPets} pets: ${ratio.toFixed(2)}x (target >= ${STATE_FILE_RATIO_TARGET}x) ${met ? 'ok' : 'MISSED'}`,
    )
  if (bench.flatness)
    lines.push(
      `state file, largest / smallest store: ${bench.flatness.ratio.toFixed(2)}x (target >= ${FLATNESS_TARGET}x) ${bench.flatness.met ? 'ok' : 'MISSED'}`,
    )
  return lines.join('\n')
}
