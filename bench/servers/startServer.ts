import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import type { BenchServer } from './benchServers.ts'
import { spawnTracked, stopTracked } from './childProcesses.ts'
import { freePort } from './freePort.ts'
import { getStatus } from './getStatus.ts'

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
 * Spawns `server` on a free 127.0.0.1 port and polls until it answers 200, within `timeoutMs`.
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
  const child = spawnTracked(file, args, { stdio: ['ignore', 'pipe', 'pipe'] })
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
