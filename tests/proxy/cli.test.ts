// `petstore-mock proxy` as a user starts it from the bin: it prints where it listens, forwards and
// judges with a log line per request, stops on SIGTERM with exit 0, and refuses a bad command line
// with exit 2 and the usage.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { killStartedClis, spawnCli } from '../support/startCli.ts'
import { KEY, startMock } from '../support/startMock.ts'

const BIN = new URL('../../bin/petstore-mock.ts', import.meta.url).pathname

const proxyCli = (args: string[]) =>
  spawnCli([BIN, 'proxy', ...args], /listening on (http:\/\/127\.0\.0\.1:\d+)/)

let mock: Awaited<ReturnType<typeof startMock>>
beforeAll(async () => {
  mock = await startMock()
})
afterEach(killStartedClis)
afterAll(async () => {
  await mock.close()
})

describe('petstore-mock proxy (the bin)', () => {
  test('forwards, logs each request with its verdict, and stops on SIGTERM with exit 0', async () => {
    const cli = proxyCli(['--upstream', `${mock.origin}/v1`, '--port', '0', '--journal-size', '3'])
    const origin = await cli.listening
    expect(cli.output()).toContain(`forwarding to ${mock.origin}/v1; violations at ${origin}/__mock/`)
    for (let i = 1; i <= 5; i++) {
      const response = await fetch(`${origin}/v1/pets/${i}`, { headers: { authorization: `Bearer ${KEY}` } })
      expect(response.status).toBe(200)
    }
    const kept = (await (await fetch(`${origin}/__mock/requests`)).json()) as Array<{ path: string }>
    expect(kept.map((entry) => entry.path)).toEqual(['/v1/pets/3', '/v1/pets/4', '/v1/pets/5'])
    expect(cli.output()).toMatch(/^GET \/v1\/pets\/5 -> 200$/m)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
  })

  test.each([
    [[], /--upstream must be an http\(s\) URL/],
    [['--upstream', 'ftp://example.com/v1'], /--upstream must be an http\(s\) URL/],
    [['--upstream', 'http://127.0.0.1:9/v1', '--journal-size', '0'], /--journal-size 1-2000/],
    [['--upstream', 'http://127.0.0.1:9/v1', '--port', '70000'], /--port must be 0-65535/],
    [['--upstream', 'http://127.0.0.1:9/v1', '--no-such-flag'], /Unknown option '--no-such-flag'/],
  ])('refuses %j with exit 2 and the usage', async (args, message) => {
    const cli = proxyCli(args)
    expect(await cli.exited).toBe(2)
    expect(cli.output()).toMatch(message)
    expect(cli.output()).toContain('Usage: petstore-mock proxy --upstream URL')
  })

  test('refuses a spec outside the rules of loadSpec (a $ref to /proc/self/environ) with exit 2, naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'proxy-spec-'))
    try {
      const spec = join(dir, 'openapi.yaml')
      await writeFile(spec, "openapi: 3.1.0\ninfo: { $ref: '/proc/self/environ' }\npaths: {}\n")
      const cli = proxyCli(['--upstream', 'http://127.0.0.1:9/v1', '--spec', spec])
      expect(await cli.exited).toBe(2)
      expect(cli.output()).toMatch(/^petstore-mock proxy: --spec .*openapi\.yaml: /m)
      expect(cli.output()).not.toMatch(/PATH=|HOME=/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
