// The contract CLI writing its reports to a full disk (a 16 KiB tmpfs; mounting needs root, which CI
// has): the verdict is still printed, each report that did not fit is named on stderr with the
// reason, nothing is left under its name (neither a cut file nor last run's, which a CI job would
// publish as this run's), and the run exits 2, not 0. Bounded: one short run against the own mock.
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from '@jest/globals'
import { ARAZZO_FILE } from '../../contract-tests/report/toArazzo.ts'
import { startOwnMock } from '../support/startOwnMock.ts'

const CLI = new URL('../../contract-tests/cli.ts', import.meta.url).pathname
const isRoot = process.getuid?.() === 0
// CI runs as root, so there the test must run: it fails rather than skips.
const rootTest = isRoot || process.env.CI === 'true' ? test : test.skip
// What last run left, which this run must replace or remove. A conforming run may still write its
// Arazzo file: a recommended check's findings have steps too.
const LAST_RUNS = ['junit.xml', 'summary.json', 'report.html', 'coverage.html']

describe('reports on a full disk', () => {
  rootTest(
    'the verdict is printed, each report that did not fit is named, none is left cut, exit 2',
    async () => {
      if (!isRoot) throw new Error('this test needs root to mount a tmpfs (CI runs it as root)')
      const mountPoint = mkdtempSync(join(tmpdir(), 'petstore-full-reports-'))
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', mountPoint])
      const mock = await startOwnMock('full-disk-key')
      try {
        // Last run's reports, which this run must not leave behind as its own.
        for (const name of LAST_RUNS) writeFileSync(join(mountPoint, name), `last run's ${name}`)
        const clean = Object.fromEntries(
          Object.entries(process.env).filter(([k]) => !/^(PETSTORE_|npm_|GITHUB_STEP_SUMMARY$)/.test(k)),
        )
        const args = ['-u', mock.baseUrl, '--reports-dir', mountPoint, '--budget', '20seq,5s']
        const result = await promisify(execFile)(process.execPath, [CLI, ...args], {
          timeout: 90_000,
          env: { ...clean, PETSTORE_API_KEY: 'full-disk-key' },
        }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        )
        expect(result.stdout).toMatch(/Result: conforms/)
        expect(result.stderr).toMatch(/could not write \S+, so none is left there: ENOSPC/)
        expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /)
        expect(result.code).toBe(2)
        // What is left is whole, this run's, and each one not written is named.
        const left = readdirSync(mountPoint)
        expect(left.filter((name) => ![...LAST_RUNS, ARAZZO_FILE].includes(name))).toEqual([])
        for (const name of left) {
          const text = readFileSync(join(mountPoint, name), 'utf8')
          expect(text).not.toMatch(/^last run's/)
          if (name.endsWith('.json')) expect(() => JSON.parse(text)).not.toThrow()
          if (name.endsWith('.xml') || name.endsWith('.html')) expect(text.trimEnd()).toMatch(/>$/)
        }
        for (const name of LAST_RUNS.filter((report) => !left.includes(report)))
          expect(result.stderr).toContain(`could not write ${join(mountPoint, name)}`)
        expect(left.filter((name) => LAST_RUNS.includes(name)).length).toBeLessThan(LAST_RUNS.length)
      } finally {
        await mock.stop()
        execFileSync('umount', [mountPoint])
        rmSync(mountPoint, { recursive: true, force: true })
      }
    },
    120_000,
  )
})
