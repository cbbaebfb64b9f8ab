import type { ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { mockAnswerHeaders } from './baseline/mockAnswerHeaders.ts'
import { spawnTracked, stopTracked } from './childProcesses.ts'

/** How the ratios treat a server: the baseline divides, a target is judged, a reference is only shown. */
export type ServerRole = 'baseline' | 'target' | 'reference'

/** One server configuration the bench starts and drives. */
export interface BenchServer {
  id: string
  label: string
  role: ServerRole
  /** Where the API's paths start: `/v1` for ours, nothing for Prism (it drops the server URL's path). */
  basePath: string
  /** The program and arguments that start it on `port`, accepting `Authorization: Bearer <apiKey>`. */
  command(port: number, apiKey: string): { file: string; args: string[] }
  /** Its role at start-up when not `role` (decision 036: the bin is judged there, `npm start` shown). */
  startupRole?: ServerRole
  /** Only timed to its first 200, never driven: the start-up table's rows beside the driven servers. */
  startupOnly?: boolean
  /** Its working folder (the project's root when omitted). */
  cwd?: string
}

const root = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url))
const node = process.execPath
const prismCli = root('node_modules/@stoplight/prism-cli/dist/index.js')
const spec = root('spec/openapi.yaml')

// --max-pets far beyond what a run creates: a create must be measured as a create, not a 507 (the
// default, 100,000, is reached within seconds of creates). Nothing else is changed from the defaults.
const MAX_PETS = ['--max-pets', '100000000']

// `npm start` without npm: start.mjs turns on the compile cache, as users get it.
const mock = (id: string, label: string, role: ServerRole, extra: string[]): BenchServer => ({
  id,
  label,
  role,
  basePath: '/v1',
  command: (port, apiKey) => ({
    file: node,
    args: [root('mocks/http/start.mjs'), '--port', String(port), '--api-key', apiKey, ...MAX_PETS, ...extra],
  }),
})

// `npm start` as a user types it: npm itself (the one running this bench when there is one), its
// script, then start.mjs, with its defaults: the request log on, one line per request to stdout,
// which the bench reads from a pipe as a terminal or a CI log would. npm runs the server as its
// child, so its CPU is read for the whole process tree (readTreeUsage). Judged per route (decision
// 033); its start-up is shown, not judged: npm's own boot is about bare's whole start-up (decision 036).
const npmCli = process.env.npm_execpath
const npm = (args: string[]): { file: string; args: string[] } =>
  npmCli ? { file: node, args: [npmCli, ...args] } : { file: 'npm', args }
const npmStart: BenchServer = {
  id: 'mock-npm',
  label: 'npm start (defaults, request log on)',
  role: 'target',
  startupRole: 'reference',
  basePath: '/v1',
  command: (port, apiKey) =>
    npm(['start', '--silent', '--', '--port', String(port), '--api-key', apiKey, ...MAX_PETS]),
}

// The installed command as a user runs it, with its defaults (the request log on): what the start-up
// target judges (decision 036). In a clone it is the TypeScript file, as bare is.
const bin: BenchServer = {
  id: 'bin',
  label: 'petstore-mock (the bin, defaults)',
  role: 'reference',
  startupRole: 'target',
  startupOnly: true,
  basePath: '/v1',
  command: (port, apiKey) => ({
    file: node,
    args: [root('bin/petstore-mock.ts'), '--port', String(port), '--api-key', apiKey, ...MAX_PETS],
  }),
}

// npm's own share of `npm start`: npm running a start script that execs the bare baseline
// (bench/baseline/npm-start/package.json), as the project's script execs the mock. Shown only.
const npmBare: BenchServer = {
  id: 'npm-bare',
  label: "npm start of bare node:http (npm's own share)",
  role: 'reference',
  startupOnly: true,
  basePath: '/v1',
  cwd: root('bench/baseline/npm-start'),
  command: (port, apiKey) => npm(['start', '--silent', '--', '--port', String(port), '--api-key', apiKey]),
}

// Prism accepts any bearer token; it only checks that one is there.
const prism = (id: string, label: string, extra: string[]): BenchServer => ({
  id,
  label,
  role: 'reference',
  basePath: '',
  command: (port) => ({
    file: node,
    args: [prismCli, 'mock', spec, '-p', String(port), '-h', '127.0.0.1', ...extra],
  }),
})

/** The bare node:http baseline: the divisor of every ratio. */
export const BARE_SERVER: BenchServer = {
  id: 'bare',
  label: 'bare node:http (baseline)',
  role: 'baseline',
  basePath: '/v1',
  command: (port, apiKey) => ({
    file: node,
    args: [root('bench/baseline/bareServer.ts'), '--port', String(port), '--api-key', apiKey],
  }),
}

// Bare sending what the mock's answers carry beyond bare's (`vary` on every answer, the deprecation
// signals on GET by id): shown, never judged, to tell how much of the mock's ratio those headers make
// (docs/bench.md). The headers are read from the mock itself, never written here.
export const BARE_HEADERS_SERVER: BenchServer = {
  ...BARE_SERVER,
  id: 'bare-headers',
  label: "bare node:http sending the mock's extra headers",
  role: 'reference',
  command: (port, apiKey) => {
    const bare = BARE_SERVER.command(port, apiKey)
    return { ...bare, args: [...bare.args, '--route-headers', JSON.stringify(mockAnswerHeaders(apiKey))] }
  },
}

/** The judged server: `npm start` with its defaults. */
export const NPM_START_SERVER: BenchServer = npmStart

/**
 * The servers of one run, baseline first. Each is started with this process's Node directly (no npm,
 * no shell), so the PID the bench reads /proc for is the server itself, except those npm starts:
 * `npm start` as users run it, with its defaults (the request log on; judged per route, decision
 * 033), and npm starting bare (npm's own share of a start-up). The same server started directly, and
 * with --quiet, are shown for reference, to tell npm's and the log's share apart. The bin and npm's
 * bare start are only timed to their first 200 (`startupOnly`); the bin's start-up is the judged one
 * (decision 036).
 */
export const BENCH_SERVERS: readonly BenchServer[] = [
  BARE_SERVER,
  bin,
  npmBare,
  npmStart,
  mock('mock', 'petstore mock, direct (request log on)', 'reference', []),
  mock('mock-quiet', 'petstore mock, direct --quiet', 'reference', ['--quiet']),
  prism('prism', 'Prism 5.16 mock, defaults', []),
  prism('prism-error', 'Prism 5.16 mock, -v error', ['-v', 'error']),
  BARE_HEADERS_SERVER,
]

/** A started server: its PID for /proc, where its API lives, and how long it took to answer. */
export interface RunningServer {
  server: BenchServer
  pid: number
  /** Origin plus the server's base path, e.g. http://127.0.0.1:4010/v1. */
  baseUrl: string
  /** From spawn to the first 200 of `GET {base}/pets?limit=20` with the key. */
  startupMs: number
  stop(): Promise<void>
}

const POLL_MS = 5
const KEEP_OUTPUT_CHARS = 4000

/**
 * Spawns `server` on a free 127.0.0.1 port (in its `cwd`, the project's root by default, for npm) and polls until it answers 200, within `timeoutMs`.
 * Stdout and stderr are drained (a full pipe would stall a server that logs every request) and their
 * tail is kept for the error message when the server dies or never answers.
 */
export async function startServer(
  server: BenchServer,
  apiKey: string,
  timeoutMs = 30_000,
): Promise<RunningServer> {
  const port = await freePort()
  const { file, args } = server.command(port, apiKey)
  const origin = `http://127.0.0.1:${port}`
  const probeUrl = `${origin}${server.basePath}/pets?limit=20`
  const headers = { authorization: `Bearer ${apiKey}` }

  const started = performance.now()
  const child = spawnTracked(file, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: server.cwd ?? root('.') })
  let output = ''
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-KEEP_OUTPUT_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)

  try {
    while (performance.now() - started < timeoutMs) {
      if (exited(child)) throw new Error(`exited with ${child.exitCode ?? child.signalCode} before answering`)
      if ((await getStatus(probeUrl, headers)) === 200) {
        const startupMs = performance.now() - started
        if (child.pid === undefined) throw new Error('has no PID')
        return {
          server,
          pid: child.pid,
          baseUrl: `${origin}${server.basePath}`,
          startupMs,
          stop: () => stopTracked(child),
        }
      }
      await sleep(POLL_MS)
    }
    throw new Error(`did not answer 200 on ${probeUrl} within ${timeoutMs} ms`)
  } catch (error) {
    await stopTracked(child)
    throw new Error(`${server.label}: ${(error as Error).message}\n--- its output ---\n${output}`)
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago. Every server gets its port this way (Prism
 * cannot report a port 0 choice), so start-up is measured the same way for all of them.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The status of one GET (0 when the connection fails or takes longer than `timeoutMs`). A fresh
 * connection each time (`agent: false`), so a probe never holds a socket open on the server.
 */
export function getStatus(url: string, headers: Record<string, string>, timeoutMs = 1000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', headers, agent: false, timeout: timeoutMs }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    req.once('timeout', () => req.destroy())
    req.once('error', () => resolve(0))
    req.end()
  })
}
