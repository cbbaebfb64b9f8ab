import { fileURLToPath } from 'node:url'

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
}

const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const node = process.execPath
const prismCli = root('node_modules/@stoplight/prism-cli/dist/index.js')
const spec = root('spec/openapi.yaml')

// `npm start` without npm: start.mjs turns on the compile cache, as users get it.
const mock = (id: string, label: string, role: ServerRole, extra: string[]): BenchServer => ({
  id,
  label,
  role,
  basePath: '/v1',
  command: (port, apiKey) => ({
    file: node,
    args: [root('mocks/http/start.mjs'), '--port', String(port), '--api-key', apiKey, ...extra],
  }),
})

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

/**
 * The servers of one run, baseline first. Each is started with this process's Node directly (no npm,
 * no shell), so the PID the bench reads /proc for is the server itself. The mock is judged with
 * --quiet, since a line per request is the user's choice, as Prism's -v error is; the logging
 * configuration is shown beside it.
 */
export const BENCH_SERVERS: readonly BenchServer[] = [
  {
    id: 'bare',
    label: 'bare node:http (baseline)',
    role: 'baseline',
    basePath: '/v1',
    command: (port, apiKey) => ({
      file: node,
      args: [root('bench/baseline/bareServer.ts'), '--port', String(port), '--api-key', apiKey],
    }),
  },
  mock('mock', 'petstore mock --quiet', 'target', ['--quiet']),
  mock('mock-logging', 'petstore mock (request log)', 'reference', []),
  prism('prism', 'Prism 5.16 mock, defaults', []),
  prism('prism-error', 'Prism 5.16 mock, -v error', ['-v', 'error']),
]
