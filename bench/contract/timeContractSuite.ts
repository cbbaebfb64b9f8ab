import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BenchServer } from '../servers/benchServers.ts'
import { spawnTracked, stopTracked } from '../servers/childProcesses.ts'
import { startServer } from '../servers/startServer.ts'

/** The whole contract suite against a fresh local mock, or why it was not run. */
export type ContractTiming =
  | { status: 'unavailable'; reason: string }
  | {
      status: 'ran'
      command: string
      wallMs: number
      exitCode: number | null
      met: boolean
      outputTail: string
    }

/** Issue 6: the whole contract suite against the local mock finishes in 10 s. */
export const CONTRACT_LIMIT_MS = 10_000
const TIMEOUT_MS = 120_000
const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Times `npm run contract -- --base-url <mock>/v1 --api-key <key>` (the README's command) from spawn
 * to exit, against a mock started for it. Until the project has a `contract` script this is the hook:
 * it answers `unavailable` and the report says so.
 */
export async function timeContractSuite(mock: BenchServer, apiKey: string): Promise<ContractTiming> {
  const scripts = (
    JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts?: Record<string, string> }
  ).scripts
  if (!scripts?.contract)
    return { status: 'unavailable', reason: 'package.json has no "contract" script yet' }

  const running = await startServer(mock, apiKey)
  try {
    // Under `npm run bench`, npm_execpath is npm's own CLI: run it with this Node, without a shell.
    const npmCli = process.env.npm_execpath
    const args = ['run', '--silent', 'contract', '--', '--base-url', running.baseUrl, '--api-key', apiKey]
    const [file, fileArgs] = npmCli ? [process.execPath, [npmCli, ...args]] : ['npm', args]
    const started = performance.now()
    const child = spawnTracked(file, fileArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
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
      status: 'ran',
      command: `npm run contract -- --base-url ${running.baseUrl} --api-key <key>`,
      wallMs,
      exitCode,
      met: exitCode === 0 && wallMs <= CONTRACT_LIMIT_MS,
      outputTail: output,
    }
  } finally {
    await running.stop()
  }
}
