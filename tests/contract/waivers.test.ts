// Checks chosen and waived as the field does: --checks and --exclude-checks take check names (an
// unknown one is a usage error listing them), a waiver file waives a check (or one operation of it)
// with a reason until a date. Every report shows them as waived with the reason, never as passed;
// an expired waiver fails the run, saying which and since when.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { startOwnMock } from '../support/startOwnMock.ts'

const CLI = new URL('../../contract-tests/cli.ts', import.meta.url).pathname
const KEY = 'waiver-key'
let mock: Awaited<ReturnType<typeof startOwnMock>>
let dir: string
beforeAll(async () => {
  mock = await startOwnMock(KEY)
  dir = await mkdtemp(join(tmpdir(), 'petstore-waivers-'))
})
afterAll(async () => {
  await mock?.stop()
  await rm(dir, { recursive: true, force: true })
})

/** Runs the CLI against the mock with a few checks; resolves its exit code and output whatever the code. */
async function contract(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PETSTORE_|npm_|GITHUB_STEP_SUMMARY$)/.test(k)),
  )
  const checks = ['--checks', 'deprecation_signals,location_header,default_limit', '--budget', '5seq']
  return promisify(execFile)(process.execPath, [CLI, '-u', mock.baseUrl, ...checks, ...args], {
    env: { ...clean, PETSTORE_API_KEY: KEY },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

async function waivers(name: string, expires: string): Promise<string> {
  const file = join(dir, name)
  await writeFile(
    file,
    `- check: deprecation_signals\n  operation: getPet\n  reason: the CDN adds the headers (OPS-7)\n  expires: ${expires}\n`,
  )
  return file
}

test('waived and excluded checks are shown as waived with their reason in every report, never passed', async () => {
  const reports = ['--reports-dir', dir, '--summary', join(dir, 'summary.md')]
  const run = await contract('--waivers', await waivers('in-force.yaml', '2099-12-31'), ...reports)
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(
    /^=== \d+ waived \(--checks, --exclude-checks, --waivers; never counted as passed\) ===$/m,
  )
  expect(run.stdout).toMatch(
    /^deprecation_signals \[recommended\] getPet: waived: the CDN adds the headers \(OPS-7\)$/m,
  )
  expect(run.stdout).toMatch(/^unique_ids \[required\] createPet: waived: not chosen by --checks$/m)
  expect(run.stdout).toMatch(/^recommended +\d+ +0 +0 +0 +[1-9]\d*$/m)
  const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8'))
  expect(summary.matrix.deprecation_signals.getPet).toBe('waived')
  expect(summary.matrix.unique_ids.createPet).toBe('waived')
  expect(summary.waived).toContainEqual({
    check: 'deprecation_signals',
    operation: 'getPet',
    reason: 'the CDN adds the headers (OPS-7)',
  })
  expect(summary.totals.waived).toBe(summary.waived.length)
  const junit = await readFile(join(dir, 'junit.xml'), 'utf8')
  expect(junit).toMatch(
    /name="deprecation_signals getPet"><skipped message="WAIVED: the CDN adds the headers \(OPS-7\)"\/>/,
  )
  for (const page of ['summary.md', 'report.html'])
    expect(await readFile(join(dir, page), 'utf8')).toContain('waived: the CDN adds the headers')
})

test('an expired waiver fails the run and says which waiver, since when', async () => {
  const run = await contract(
    '--waivers',
    await waivers('expired.yaml', '2020-01-31'),
    '--json',
    join(dir, 'expired.json'),
  )
  expect(run.code).toBe(1)
  const said =
    'The waiver of deprecation_signals getPet expired on 2020-01-31 (the CDN adds the headers (OPS-7)): renew or remove it'
  expect(run.stdout.split('\n')).toContain(`Waiver expired: ${said}`)
  expect(run.stdout.split('\n')).toContain('Result: FAILED')
  expect(JSON.parse(await readFile(join(dir, 'expired.json'), 'utf8'))).toMatchObject({
    result: 'failed',
    expired: [said],
  })
})

test('an unknown check name is a usage error that lists the names', async () => {
  const run = await contract('--exclude-checks', 'unique-ids')
  expect(run.code).toBe(2)
  expect(run.stderr).toMatch(
    /--exclude-checks: no check is named 'unique-ids'; the checks: missing_key_rejected, .*unique_ids/,
  )
})
