// The contract CLI as a user runs it: a child process, its output and exit status.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { promisify } from 'node:util'
import { describe, expect, test } from '@jest/globals'

const CLI = new URL('./cli.ts', import.meta.url).pathname
const run = promisify(execFile)
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** Runs the CLI; resolves its exit code and output whatever the code. */
async function contract(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [CLI, ...args], { timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

/** A port on 127.0.0.1 that nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('petstore-contract (contract-tests/cli.ts)', () => {
  test('an unreachable target aborts with exit 2, and the reason is printed once', async () => {
    const port = await closedPort()
    const result = await contract(['-u', `http://127.0.0.1:${port}/v1`, '-k', 'some-key'])
    expect(result.code).toBe(2)
    const output = `${result.stdout}${result.stderr}`
    expect(output).toMatch(/unreachable/)
    expect(output.match(/unreachable/g)).toHaveLength(1)
  })

  test('--version (-v) prints the version in package.json', async () => {
    for (const flag of ['--version', '-v']) {
      const result = await contract([flag])
      expect(result).toMatchObject({ code: 0, stdout: `${manifest.version}\n` })
    }
  })

  test('--help (-h) names the command that was run, with the short aliases', async () => {
    const result = await contract(['-h'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Usage: npm run contract -- --base-url URL/)
    expect(result.stdout).toMatch(/-u, --base-url URL[\s\S]*-k, --api-key KEY[\s\S]*-r, --reports/)
  })

  test('a usage error names the setting and exits 2', async () => {
    const result = await contract(['-u', 'staging.example.com/v1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^petstore-contract: --base-url must be an http\(s\) URL/)
  })
})
