// The contract CLI as a user runs it: a child process, its output and exit status.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, jest, test } from '@jest/globals'
import { SPEC_PATH as SPEC } from '../../spec/specPath.ts'
import { startOwnMock } from '../support/startOwnMock.ts'

// Two runs of the CLI against the mock: a guard, not a threshold.
jest.setTimeout(120_000)

const CLI = new URL('../../contract-tests/cli.ts', import.meta.url).pathname
const run = promisify(execFile)
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** Runs the CLI; resolves its exit code and output whatever the code. */
async function contract(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  // GITHUB_STEP_SUMMARY too: a test's run must not land on the CI job's page.
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PETSTORE_|npm_|GITHUB_STEP_SUMMARY$)/.test(k)),
  )
  return run(process.execPath, [CLI, ...args], { timeout: 60_000, env: { ...clean, ...env } }).then(
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
    expect(result.stdout).toMatch(/^Usage: node contract-tests\/cli\.ts --base-url URL/)
    expect(result.stdout).toMatch(/-u, --base-url URL[\s\S]*-k, --api-key KEY[\s\S]*-r, --reports/)
    expect(result.stdout).toMatch(/--spec FILE/)
  })

  test('--spec checks against another version of the document, and the replay hint names the npm script run', async () => {
    // The same API with another default page size: the mock (default 20) no longer conforms to it.
    const evolved = (await readFile(SPEC, 'utf8')).replace(/default: 20\b/, 'default: 7')
    expect(evolved).toContain('default: 7')
    const dir = await mkdtemp(join(tmpdir(), 'petstore-spec-'))
    const mock = await startOwnMock('cli-spec-key')
    try {
      await writeFile(join(dir, 'openapi.yaml'), evolved)
      const args = ['-u', mock.baseUrl, '-k', 'cli-spec-key', '--read-only', '--budget', '5runs']
      const npm = { npm_lifecycle_event: 'contract', npm_lifecycle_script: 'node contract-tests/cli.ts' }
      const files = ['--summary', join(dir, 'summary.md'), '--html', join(dir, 'report.html')]
      const stepSummary = { ...npm, GITHUB_STEP_SUMMARY: join(dir, 'step.md') }
      const result = await contract([...args, '--spec', join(dir, 'openapi.yaml'), ...files], stepSummary)
      expect(result.code).toBe(1)
      // The check by name under its failures, and in the table of checks by level (each line with --verbose).
      expect(result.stdout).toMatch(/^default_limit \[required\] listPets: \d+ findings?/m)
      expect(result.stdout).toMatch(/^required +\d+ +[1-9]\d* +0 +\d+ +0$/m)
      // The failure under its count, the key's instruction before its curl line, and never the key.
      expect(result.stdout).toMatch(
        /^=== \d+ failures? \(required rules\) ===\nReproduce lines read the key .*--api-key\.$/m,
      )
      expect(result.stdout).not.toContain('cli-spec-key')
      expect(result.stdout).toContain(`wrote ${join(dir, 'report.html')}`)
      for (const markdown of ['summary.md', 'step.md']) {
        const text = await readFile(join(dir, markdown), 'utf8')
        expect(text).toMatch(/^## Pet Store contract suite: FAILED\n/)
        expect(text).toMatch(/^### \d+ failures? \(required rules\)$/m)
        expect(text).toMatch(/^#### ` default_limit ` \[required\] ` listPets `: /m)
      }
      const html = await readFile(join(dir, 'report.html'), 'utf8')
      expect(html).toMatch(/<section id="failures" class="fail">\n<h2>\d+ failures? \(required rules\)<\/h2>/)
      // A failure the opening found replays the whole run; one a stream found, that stream alone.
      expect(result.stdout).toMatch(
        /replay: npm run contract -- --base-url \S+ --seed[ =]-?\d+ (--concurrency 1 )?--budget 5seq/,
      )
      const npx = { npm_lifecycle_event: 'npx', npm_lifecycle_script: 'petstore-contract -u x' }
      const viaNpx = await contract(args, npx)
      expect(viaNpx.code).toBe(0)
      expect(viaNpx.stdout).toMatch(/replay: npx --no-install petstore-contract --base-url /)
      const missing = await contract([...args, '--spec', join(dir, 'absent.yaml')])
      expect(missing.code).toBe(2)
      expect(missing.stderr).toMatch(/--spec .*absent\.yaml/)
    } finally {
      await mock.stop()
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('a usage error names the setting and exits 2', async () => {
    const result = await contract(['-u', 'staging.example.com/v1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^petstore-contract: --base-url must be an http\(s\) URL/)
  })

  test('--api-key-file that cannot be read is one line and exit 2; the key it would hold is never shown', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'petstore-keyfile-'))
    try {
      const missing = await contract([
        '-u',
        'http://127.0.0.1:9/v1',
        '--api-key-file',
        join(folder, 'absent'),
      ])
      expect(missing.code).toBe(2)
      expect(missing.stderr).toMatch(
        /^petstore-contract: --api-key-file \S+absent: cannot read it \(ENOENT\)\n$/,
      )
      // A key file read well: the key reaches an unreachable target, and is in no output.
      await writeFile(join(folder, 'key'), 'key-from-the-file-0042\n')
      const port = await closedPort()
      const read = await contract([
        '-u',
        `http://127.0.0.1:${port}/v1`,
        '--api-key-file',
        join(folder, 'key'),
      ])
      expect(read.code).toBe(2)
      expect(`${read.stdout}${read.stderr}`).toMatch(/unreachable/)
      expect(`${read.stdout}${read.stderr}`).not.toContain('key-from-the-file-0042')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('with CI set, --api-key on the command line gets one warning line; the variable gets none', async () => {
    const port = await closedPort()
    const target = ['-u', `http://127.0.0.1:${port}/v1`]
    const flagged = await contract([...target, '--api-key', 'some-key'], { CI: 'true' })
    expect(flagged.stderr.match(/warning: --api-key on the command line/g)).toHaveLength(1)
    const fromEnv = await contract(target, { CI: 'true', PETSTORE_API_KEY: 'some-key' })
    expect(fromEnv.stderr).not.toMatch(/warning/)
    const notCi = await contract([...target, '--api-key', 'some-key'], { CI: 'false' })
    expect(notCi.stderr).not.toMatch(/warning/)
  })
})
