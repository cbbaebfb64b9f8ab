// The CLI as a user runs it: a real child process, its startup line, its log, its exit.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'

const CLI = new URL('./cli.ts', import.meta.url).pathname
const started: ChildProcess[] = []
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Spawns the CLI and resolves its startup line and output so far; rejects on early exit or after 10 s. */
function startCli(args: string[], env: Record<string, string> = {}) {
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

describe('npm start (mocks/http/cli.ts)', () => {
  test('--port 0 picks a free port on 127.0.0.1 and the startup line says where and which key', async () => {
    const cli = startCli(['--port', '0'])
    const baseUrl = await cli.listening
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    expect(cli.output()).toContain('Authorization: Bearer petstore-dev-key')
    const response = await fetch(`${baseUrl}/pets?limit=1`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    })
    expect(response.status).toBe(200)
  })

  test('keys from --api-key and PETSTORE_API_KEYS are accepted, the default is not, and no key is printed', async () => {
    const cli = startCli(['--port', '0', '--api-key', 'flag-secret-1', '--api-key', 'flag-secret-2'], {
      PETSTORE_API_KEYS: 'env-secret',
    })
    const baseUrl = await cli.listening
    const status = async (key: string) =>
      (await fetch(`${baseUrl}/pets?api_key=${key}`, { headers: { authorization: `Bearer ${key}` } })).status
    expect(await status('flag-secret-2')).toBe(200)
    expect(await status('petstore-dev-key')).toBe(401)
    expect(await status('env-secret')).toBe(401) // flags win over the environment
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.output()).toMatch(/GET \/v1\/pets\?api_key=\*\*\* 200/)
    expect(cli.output()).not.toMatch(/flag-secret|env-secret/)
  })

  test('--seed loads a Pets file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-seed-'))
    const seedFile = join(dir, 'seed.json')
    await writeFile(seedFile, JSON.stringify([{ id: 10, name: 'Solo', categoryId: 1, status: 'sold' }]))
    const cli = startCli(['--port', '0', '--seed', seedFile, '--quiet'])
    const baseUrl = await cli.listening
    expect(cli.output()).toContain('(1 pets;')
    const body = await (
      await fetch(`${baseUrl}/pets`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    ).json()
    expect(body).toEqual([{ id: 10, name: 'Solo', categoryId: 1, status: 'sold' }])
  })

  test.each([
    ['a bad port', ['--port', 'abc'], /--port must be an integer/],
    [
      'a seed that is not Pets',
      ['--seed', new URL('../../package.json', import.meta.url).pathname],
      /is not a Pets array/,
    ],
    ['a seed file that does not exist', ['--seed', '/nonexistent/seed.json'], /cannot read the seed file/],
  ])('%s is a clear startup error with exit code 2', async (_name, args, message) => {
    const cli = startCli(args)
    await expect(cli.listening).rejects.toThrow(message)
    expect(await cli.exited).toBe(2)
  })
})
