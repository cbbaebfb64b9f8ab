import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createExpressApp, type ExpressFault } from './express/createExpressApp.ts'
import { createFastifyApp, type FastifyFault } from './fastify/createFastifyApp.ts'
import type { IdScheme } from './idsOf.ts'
import { createNodeHttpStore, type NodeHttpFault } from './nodeHttp/createNodeHttpStore.ts'

/** A running stack: where its API is, and how to stop it. */
export interface RunningStack {
  baseUrl: string
  stop(): Promise<void>
}

export type StackName = 'node:http' | 'express' | 'fastify' | 'python http.server'

/** How the stack assigns ids: `idsOf`'s schemes for the JavaScript stacks, and `negative` for Python. */
export type StackIds = IdScheme | 'negative'

/**
 * Starts one of the real-stack implementations on a free port of 127.0.0.1, with one of its faults
 * or none, and its ids assigned 1, 2, 3, ... unless `ids` names another scheme. The Python one runs
 * as a `python3` child process, stopped by its PID.
 *
 * @example
 * const stack = await startStack('express', 'key', 'number-coercion')
 * await runContract({ baseUrl: stack.baseUrl, apiKey: 'key' })
 * await stack.stop()
 */
export async function startStack(
  name: StackName,
  apiKey: string,
  fault?: string,
  ids: StackIds = 'sequence',
): Promise<RunningStack> {
  // Python's one other scheme is `negative`; the JavaScript stacks know idsOf's.
  const scheme = ids === 'negative' ? 'sequence' : ids
  switch (name) {
    case 'node:http':
      return listening(
        createNodeHttpStore({ apiKey, fault: fault as NodeHttpFault | undefined, ids: scheme }),
      )
    case 'express':
      return listening(
        createServer(createExpressApp({ apiKey, fault: fault as ExpressFault | undefined, ids: scheme })),
      )
    case 'fastify': {
      const app = createFastifyApp({ apiKey, fault: fault as FastifyFault | undefined, ids: scheme })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = app.server.address() as AddressInfo
      return { baseUrl: `http://127.0.0.1:${port}/v1`, stop: () => app.close() }
    }
    case 'python http.server':
      return python(apiKey, fault, ids)
  }
}

async function listening(server: Server): Promise<RunningStack> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

async function python(apiKey: string, fault: string | undefined, ids: StackIds): Promise<RunningStack> {
  const script = fileURLToPath(new URL('python/petstore.py', import.meta.url))
  const child = spawn('python3', [script, '0', apiKey], {
    env: { ...process.env, PETSTORE_FAULT: fault ?? '', PETSTORE_IDS: ids },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = /listening on (\d+)/.exec(seen)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`python3 petstore.py exited with ${code}: ${seen}`)))
    child.once('error', reject)
  })
  return { baseUrl: `http://127.0.0.1:${port}/v1`, stop: () => stopChild(child) }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = once(child, 'exit')
  process.kill(child.pid, 'SIGTERM')
  await exited
}
