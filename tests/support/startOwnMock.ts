import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/**
 * Starts this project's HTTP mock (`npm start`'s CLI) as a child process on a free port: the target
 * when none is given. The suite still knows only the base URL it prints, and imports nothing of it.
 *
 * @example
 * const mock = await startOwnMock('some-key') // mock.baseUrl: 'http://127.0.0.1:PORT/v1'
 * await mock.stop() // SIGTERM to that child's PID only
 */
export async function startOwnMock(apiKey: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const cli = new URL('../../mocks/http/cli.ts', import.meta.url).pathname
  const child = spawn(process.execPath, [cli, '--port', '0', '--quiet', '--api-key', apiKey], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk
  })
  // A mock that never prints its line is killed, which ends stdout and so the loop below.
  const deadline = setTimeout(() => child.kill('SIGKILL'), 10_000)
  let baseUrl: string | undefined
  for await (const line of createInterface({ input: child.stdout })) {
    baseUrl = /listening on (http:\/\/\S+\/v1)/.exec(line)?.[1]
    if (baseUrl) break
  }
  clearTimeout(deadline)
  child.stdout.resume()
  if (!baseUrl) throw new Error(`the mock printed no startup line within 10 s: ${errors}`)
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
