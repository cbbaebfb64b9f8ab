import { fileURLToPath } from 'node:url'
import { type BenchServer, startServer } from './benchServers.ts'
import { spawnTracked, stopTracked } from './childProcesses.ts'

/** One timed run of the whole contract suite against a fresh local mock. */
export interface ContractTiming {
  command: string
  wallMs: number
  exitCode: number | null
  met: boolean
  outputTail: string
}

/** The whole contract suite against the local mock finishes in 10 s (decisions/006-benchmark-targets.md). */
export const CONTRACT_LIMIT_MS = 10_000
const TIMEOUT_MS = 120_000
const root = fileURLToPath(new URL('../', import.meta.url))

/**
 * Times `npm run contract -- --base-url <mock>/v1` with the key in PETSTORE_API_KEY (the README's
 * command: a key on npm's command line is echoed) from spawn to exit, against a mock started for it.
 */
export async function timeContractSuite(mock: BenchServer, apiKey: string): Promise<ContractTiming> {
  const running = await startServer(mock, apiKey)
  try {
    // Under `npm run bench`, npm_execpath is npm's own CLI: run it with this Node, without a shell.
    const npmCli = process.env.npm_execpath
    const args = ['run', '--silent', 'contract', '--', '--base-url', running.baseUrl]
    const [file, fileArgs] = npmCli ? [process.execPath, [npmCli, ...args]] : ['npm', args]
    const started = performance.now()
    const child = spawnTracked(file, fileArgs, {
      cwd: root,
      env: { ...process.env, PETSTORE_API_KEY: apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-4000)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    const timer = setTimeout(() => void stopTracked(child), TIMEOUT_MS)
    const exitCode = await new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    )
    clearTimeout(timer)
    const wallMs = performance.now() - started
    return {
      command: `npm run contract -- --base-url ${running.baseUrl} (the key in PETSTORE_API_KEY)`,
      wallMs,
      exitCode,
      met: exitCode === 0 && wallMs <= CONTRACT_LIMIT_MS,
      outputTail: output,
    }
  } finally {
    await running.stop()
  }
}
