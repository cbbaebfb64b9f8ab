// `kill <pid of npm start>` must stop the server and flush its state file, as a user's terminal, a
// process manager or a test runner stops it: npm is the process they know, not the node inside.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from '@jest/globals'

const ROOT = new URL('../../..', import.meta.url).pathname
const AUTH = { authorization: 'Bearer petstore-dev-key' }
const leftovers: number[] = []

/** Every descendant process id of `pid` (npm -> sh -> node), for cleaning up by PID. */
function descendants(pid: number): number[] {
  let children: number[] = []
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number)
  } catch {
    // ps exits 1 when there are none.
  }
  return children.flatMap((child) => [child, ...descendants(child)])
}

afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone: the fix worked
    }
  }
})

test.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)(
  '%s to the pid of `npm start` stops the server and flushes the state file',
  async (signal) => {
    const stateFile = join(await mkdtemp(join(tmpdir(), 'petstore-npm-start-')), 'pets.json')
    // No npm_* variables from the npm that runs this test: the child is a user's `npm start`.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
    const npm = spawn('npm', ['start', '--', '-p', '0', '-q', '--state-file', stateFile], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk))
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk))
    for (let i = 0; i < 300 && !/listening on http/.test(output); i++) await sleep(100)
    const baseUrl = /listening on (http:\/\/\S+\/v1)/.exec(output)?.[1]
    if (!baseUrl) throw new Error(`npm start printed no startup line: ${output}`)
    leftovers.push(...descendants(npm.pid as number))

    const created = await fetch(`${baseUrl}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Flushed-${signal}`, categoryId: 2 }),
    })
    expect(created.status).toBe(201)

    npm.kill(signal)
    // Bounded: up to 10 s for the port to close (a leftover server answers forever).
    let stopped = false
    for (let i = 0; i < 100 && !stopped; i++) {
      stopped = await fetch(`${baseUrl}/pets?limit=1`, { headers: AUTH }).then(
        () => false,
        () => true,
      )
      if (!stopped) await sleep(100)
    }
    expect(stopped).toBe(true)
    expect(readFileSync(stateFile, 'utf8')).toContain(`"Flushed-${signal}"`)
  },
  60_000,
)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
