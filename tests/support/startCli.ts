// The CLI as a user runs it: a real child process, for tests of its startup line, log and exit.
import { type ChildProcess, spawn } from 'node:child_process'

const CLI = new URL('../../mocks/http/cli.ts', import.meta.url).pathname
const started: ChildProcess[] = []

/** Kills (SIGKILL) every CLI that `startCli` started and that is still running; for `afterEach`. */
export function killStartedClis(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
}

/** Spawns the CLI and resolves its startup line and output so far; rejects on early exit or after 10 s. */
export function startCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI, ...args], {
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
      const url = /listening on (http:\/\/\S+\/v1)/.exec(output)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve(url)
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code}: ${output}`))
    })
  })
  return { child, listening, exited, output: () => output }
}
