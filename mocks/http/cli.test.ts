// The CLI as a user runs it: a real child process, its startup line, its log, its exit.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { killStartedClis, startCli } from '../testing/startCli.ts'

afterEach(killStartedClis)

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
