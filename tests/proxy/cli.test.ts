// `petstore-mock proxy` as a user starts it, from the bin and from `npm run proxy`: it prints the
// full base URL it serves, forwards and judges with a log line per request, stops on SIGTERM with
// exit 0 (sent to npm too), and refuses a bad command line, credentials in --upstream or a busy
// port with one line and exit 2.
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { type AddressInfo, connect, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { killStartedClis, spawnCli } from '../support/startCli.ts'
import { KEY, startMock } from '../support/startMock.ts'

const BIN = new URL('../../bin/petstore-mock.ts', import.meta.url).pathname
const ROOT = new URL('../../', import.meta.url).pathname

/** Whether something accepts a TCP connection on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

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
    expect(cli.output()).toContain(
      `listening on ${origin}/v1, forwarding to ${mock.origin}/v1; violations at ${origin}/__mock/`,
    )
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
    [
      ['--upstream', 'http://127.0.0.1:9/v1', '--journal-size', '0'],
      /--journal-size must be an integer from 1 to 2000; received '0'/,
    ],
    [
      ['--upstream', 'http://127.0.0.1:9/v1', '--port', '70000'],
      /--port must be an integer from 0 to 65535; received '70000'/,
    ],
    [['--upstream', 'http://127.0.0.1:9/v1', '--no-such-flag'], /Unknown option '--no-such-flag'/],
    [
      ['--upstream', 'http://127.0.0.1:9/v1', '--max-buffer-mib', '1'],
      /--max-buffer-mib must be an integer from 4 to 4096; received '1'/,
    ],
    [
      ['--upstream', 'http://127.0.0.1:9/v1', '--timeout', '1e3'],
      /--timeout must be an integer from 1 to 2147483647/,
    ],
    [['--upstream', 'http://127.0.0.1:9/v1?x=1'], /without a query or fragment/],
  ])('refuses %j with one line and exit 2', async (args, message) => {
    const cli = proxyCli(args)
    expect(await cli.exited).toBe(2)
    expect(cli.output()).toMatch(message)
    expect(cli.output().trim().split('\n')).toHaveLength(1)
  })

  test('a PORT from the environment that is no port is named as such, one line and exit 2', async () => {
    const cli = spawnCli([BIN, 'proxy', '--upstream', 'http://127.0.0.1:9/v1'], /listening on/, {
      PORT: 'abc',
    })
    expect(await cli.exited).toBe(2)
    expect(cli.output()).toMatch(
      /^petstore-mock proxy: --port \(from PORT\) must be an integer from 0 to 65535; received 'abc'/,
    )
    expect(cli.output().trim().split('\n')).toHaveLength(1)
  })

  test.each(['http://proxyuser:s3cr3t-pass@127.0.0.1:9/v1', 'https://s3cr3t-token@staging.example.com/v1'])(
    'refuses credentials in --upstream (%s) with one line and exit 2, never printing them',
    async (url) => {
      const cli = proxyCli(['--upstream', url, '--port', '0'])
      expect(await cli.exited).toBe(2)
      expect(cli.output()).toMatch(/^petstore-mock proxy: --upstream must not carry credentials/)
      expect(cli.output().trim().split('\n')).toHaveLength(1)
      expect(cli.output()).not.toContain('s3cr3t')
    },
  )

  test('a busy port is one line and exit 2, not a stack trace', async () => {
    const holder = createNetServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    try {
      const port = (holder.address() as AddressInfo).port
      const cli = proxyCli(['--upstream', `${mock.origin}/v1`, '--port', String(port)])
      expect(await cli.exited).toBe(2)
      expect(cli.output()).toMatch(/^petstore-mock proxy: cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/)
      expect(cli.output().trim().split('\n')).toHaveLength(1)
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })

  test('`npm run proxy` execs the proxy: SIGTERM to the npm process closes its port', async () => {
    const npm = spawn(
      'npm',
      ['run', '--silent', 'proxy', '--', '--upstream', `${mock.origin}/v1`, '--port', '0'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk))
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no startup line within 15 s: ${output}`)), 15_000)
        npm.stdout.on('data', () => {
          const found = /listening on http:\/\/127\.0\.0\.1:(\d+)\/v1,/.exec(output)?.[1]
          if (found) {
            clearTimeout(timer)
            resolve(Number(found))
          }
        })
      })
      expect(await accepts(port)).toBe(true)
      npm.kill('SIGTERM')
      await exited
      // The port closes once the proxy (npm's child, not npm) has gone: bounded in tries, not in time.
      let open = true
      for (let attempt = 0; attempt < 50 && open; attempt++) {
        open = await accepts(port)
        if (open) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(open).toBe(false)
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL')
    }
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
