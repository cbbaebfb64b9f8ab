// The CLI as a user runs it: a real child process, for tests of its startup line, log and exit.
import { type ChildProcess, spawn } from 'node:child_process'

const CLI = new URL('../../mocks/http/cli.ts', import.meta.url).pathname
const started: ChildProcess[] = []

/** Kills (SIGKILL) every CLI that `startCli` or `spawnCli` started and that is still running; for `afterEach`. */
export function killStartedClis(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
}

/** Spawns the mock's CLI and resolves its base URL from the startup line; rejects on early exit or after 10 s. */
export function startCli(args: string[], env: Record<string, string> = {}) {
  return spawnCli([CLI, ...args], /listening on (http:\/\/\S+\/v1)/, env)
}

/**
 * Spawns `node ...argv` and resolves the first group of `startupLine` once the output holds it
 * (`listening` rejects on early exit or after 10 s; nothing need await it when an exit is expected).
 *
 * @example
 * const proxy = spawnCli(['bin/petstore-mock.ts', 'proxy', '--upstream', url], /listening on (http:\S+?),/)
 */
export function spawnCli(argv: string[], startupLine: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no startup line within 10 s: ${output}`)), 10_000)
    child.stdout.on('data', () => {
      const found = startupLine.exec(output)?.[1]
      if (found) {
        clearTimeout(timer)
        resolve(found)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code}: ${output}`))
    })
  })
  // A test that expects the exit never awaits `listening`: its rejection is not unhandled.
  listening.catch(() => undefined)
  return { child, listening, exited, output: () => output }
}
