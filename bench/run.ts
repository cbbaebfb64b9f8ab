// `npm run bench`: the project's HTTP mock against Prism's mock and a bare node:http baseline, in one
// run on this machine, plus the store's scaling and the contract suite's wall time; the targets and why
// they are ratios are in decisions/006-benchmark-targets.md.
// Prints the tables, writes reports/bench/bench.json and reports/bench/bench.svg, and stops every
// process it started by PID: on success, on error, on Ctrl-C and when the time budget runs out.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, release, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { benchHttp, type HttpBench, ROUTE_LABELS } from './benchHttp.ts'
import { BARE_HEADERS_SERVER, BENCH_SERVERS, type BenchServer, NPM_START_SERVER } from './benchServers.ts'
import { killAllTrackedNow, stopAllTracked } from './childProcesses.ts'
import { benchModelPhaseAtLatency, formatLatencyTable, type LatencyBench } from './modelPhaseAtLatency.ts'
import { BENCH_USAGE, type BenchOptions, parseBenchArgs } from './parseBenchArgs.ts'
import { benchProxy, formatProxyTable, PROXY_CPU_LIMIT, type ProxyBench } from './proxy/benchProxy.ts'
import { formatRatio } from './report/compareToBaseline.ts'
import { cpuOverReference } from './report/cpuOverReference.ts'
import { formatBenchTables, formatStoreTable } from './report/formatTables.ts'
import { renderChart } from './report/renderChart.ts'
import {
  benchSessions,
  formatSessionsTable,
  SESSION_ROUNDS,
  type SessionsBench,
  sessionWarmup,
} from './sessions/benchSessions.ts'
import { benchStateFile, formatStateFileTable, type StateFileBench } from './state/benchStateFile.ts'
import { compareStoreScaling } from './store/compareStoreScaling.ts'
import { runStoreScaling } from './store/measureStoreList.ts'
import type { StoreScalingRun } from './store/StoreScaling.ts'
import { CONTRACT_LIMIT_MS, type ContractTiming, timeContractSuite } from './timeContractSuite.ts'

const API_KEY = 'bench-key'
const REPORT_DIR = fileURLToPath(new URL('../reports/bench/', import.meta.url))
const log = (line: string): void => console.error(`[bench] ${line}`)

let options: BenchOptions & { help: boolean }
try {
  options = parseBenchArgs(process.argv.slice(2))
} catch (error) {
  console.error(`bench: ${(error as Error).message}\n\n${BENCH_USAGE}`)
  process.exit(2)
}
if (options.help) {
  console.log(BENCH_USAGE)
  process.exit(0)
}

process.on('exit', killAllTrackedNow)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping every server started`)
    void stopAllTracked().finally(() => process.exit(130))
  })
}
const budget = setTimeout(() => {
  log(`over the ${options.budgetSeconds} s budget: stopping every server started`)
  void stopAllTracked().finally(() => process.exit(3))
}, options.budgetSeconds * 1000)
budget.unref()

const machine = describeMachine()
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`
log(
  `${command}: ${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, load ${machine.loadAverage}`,
)

const misses: string[] = []
let http: HttpBench
let sessions: SessionsBench | undefined
let store: { runs: StoreScalingRun[]; comparison: ReturnType<typeof compareStoreScaling> } | undefined
let contract: ContractTiming | undefined
let stateFile: StateFileBench | undefined
let latency: LatencyBench | undefined
let proxy: ProxyBench | undefined

try {
  http = options.parts.includes('http')
    ? await benchHttp(options, API_KEY, log)
    : { servers: [], measurements: [], comparison: { routes: [], servers: [], misses: [] }, failures: [] }
  if (http.measurements.length > 0) {
    console.log(
      `\nHTTP: -c ${options.connections}, ${options.seconds} s per route after ${options.warmupSeconds} s warm-up; ratios are to the bare baseline of this run\n`,
    )
    console.log(formatBenchTables(http.servers, http.measurements, http.comparison, ROUTE_LABELS))
    // What the mock's own work costs, the headers its answers carry beyond bare's set apart (shown).
    const own = cpuOverReference(http.measurements, NPM_START_SERVER.id, BARE_HEADERS_SERVER.id)
    if (own.length > 0)
      console.log(
        `\nCPU/req of ${NPM_START_SERVER.label} over ${BARE_HEADERS_SERVER.label} (its own work; shown): ${own
          .map(({ routeId, ratio }) => `${ROUTE_LABELS[routeId] ?? routeId} ${formatRatio(ratio)}`)
          .join(', ')}`,
      )
    misses.push(...http.comparison.misses)
  }
  for (const failure of http.failures) console.log(`\nnot measured: ${failure}`)

  if (options.parts.includes('sessions')) {
    sessions = await benchSessions(options, API_KEY, log)
    console.log(
      `\nSessions: ${options.sessions} sessions (X-Mock-Session), ${options.sessionRequests} requests (the first ${sessionWarmup(options.sessions, options.sessionRequests)}, each session's first create, list and read, unmeasured; then ${SESSION_ROUNDS} rounds, the median round's p99 ratio judged) at ${options.sessionRate} req/s, 2 creates, 3 lists, 5 reads by id in 10; latency from when each request was due; npm start with its defaults against bare node:http under the same requests\n`,
    )
    console.log(formatSessionsTable(sessions))
    misses.push(...sessions.misses)
  }

  if (options.parts.includes('store')) {
    const runs = await runStoreScaling(
      options.storeSizes,
      { rounds: options.storeRounds, samples: options.storeSamples },
      log,
    )
    store = { runs, comparison: compareStoreScaling(runs) }
    console.log(
      `\nStore: PetStore.list({ limit: 20, status }), per call, median over ${options.storeRounds} rounds of ${options.storeSamples} calls; one child process per size\n`,
    )
    console.log(formatStoreTable(runs, store.comparison.ratios, store.comparison.rss))
    misses.push(...store.comparison.misses)
  }

  if (options.parts.includes('state')) {
    const drive = {
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
    }
    stateFile = await benchStateFile(options.stateSizes, drive, API_KEY, log)
    console.log(
      `\nState file: POST /v1/pets, -c ${options.connections}, ${options.seconds} s after ${options.warmupSeconds} s warm-up, memory only and --state-file (SQLite) at each store size\n`,
    )
    console.log(formatStateFileTable(stateFile))
    misses.push(...stateFile.misses)
  }

  if (options.parts.includes('contract')) {
    // The wall time of the suite, not of the log: the direct --quiet start, as before decision 033.
    const mock = BENCH_SERVERS.find((server) => server.id === 'mock-quiet') as BenchServer
    log('contract suite against a fresh mock')
    contract = await timeContractSuite(mock, API_KEY)
    console.log(`\nContract suite (target <= ${CONTRACT_LIMIT_MS / 1000} s): ${describeContract(contract)}`)
    if (!contract.met) misses.push(`contract suite: ${describeContract(contract)}`)
  }

  if (options.parts.includes('latency')) {
    latency = await benchModelPhaseAtLatency(API_KEY, options.quick, log)
    console.log(
      `\nModel phase at staging latency: ${options.quick ? 'the model phase alone, --budget 40seq,10s (--quick)' : 'a default run'} against the mock started with --latency, and against a server cutting names to 50 characters (seed 17); x = ratio to 0 ms in this run. Targets at 100 ms: seq x >= 0.33${options.quick ? '' : ', each run <= 60 s'}, the fault caught at every latency\n`,
    )
    console.log(formatLatencyTable(latency))
    misses.push(...latency.misses)
  }

  if (options.parts.includes('proxy')) {
    proxy = await benchProxy(options, API_KEY, log)
    console.log(
      `\nProxy: petstore-mock proxy and a bare forwarding proxy (fetch, nothing checked), each in front of the same mock, -c 10, ${options.seconds} s per route after ${options.warmupSeconds} s warm-up; the proxy process's own CPU per request; target CPU x <= ${PROXY_CPU_LIMIT}\n`,
    )
    console.log(formatProxyTable(proxy))
    misses.push(...proxy.misses)
  }
} finally {
  await stopAllTracked()
}

mkdirSync(REPORT_DIR, { recursive: true })
const report = {
  command,
  date: new Date().toISOString(),
  machine,
  options,
  http: { ...http, routeLabels: ROUTE_LABELS },
  sessions,
  store,
  contract,
  stateFile,
  latency,
  proxy,
  misses,
}
writeFileSync(`${REPORT_DIR}bench.json`, `${JSON.stringify(report, null, 2)}\n`)
if (http.measurements.length > 0) {
  const title = `${command} - ${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}, ${report.date.slice(0, 16)}`
  writeFileSync(`${REPORT_DIR}bench.svg`, renderChart(http.servers, http.measurements, ROUTE_LABELS, title))
}
console.log(
  `\nWrote ${REPORT_DIR}bench.json${http.measurements.length > 0 ? ` and ${REPORT_DIR}bench.svg` : ''}`,
)

if (misses.length === 0) console.log('\nTargets: all met')
else {
  console.log(`\nTargets: ${misses.length} MISSED`)
  for (const miss of misses) console.log(`  MISSED ${miss}`)
}
process.exit(options.enforce && (misses.length > 0 || http.failures.length > 0) ? 1 : 0)

function describeContract(timing: ContractTiming): string {
  const verdict = timing.met ? 'ok' : 'MISSED'
  const exit =
    timing.exitCode === 0
      ? ''
      : ` (exit ${timing.exitCode}: ${timing.outputTail.trim().split('\n').slice(-3).join(' / ')})`
  return `${(timing.wallMs / 1000).toFixed(1)} s ${verdict}${exit}`
}

/** What the figures were measured on, for the report and docs/bench.md. */
export interface Machine {
  cores: number
  cpuModel: string
  node: string
  kernel: string
  memoryGiB: number
  /** 1-minute load average when the run started: other work sharing the cores. */
  loadAverage: number
}

export function describeMachine(): Machine {
  let cpuModel = 'unknown'
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpuModel
  } catch {
    // Not Linux: the bench needs /proc anyway and fails later with a clearer message.
  }
  return {
    cores: availableParallelism(),
    cpuModel,
    node: process.version,
    kernel: release(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  }
}
