// The contract suite as Jest tests: one test per check and operation, against the API at
// PETSTORE_BASE_URL (with PETSTORE_API_KEY, PETSTORE_STRICT, PETSTORE_READ_ONLY, PETSTORE_TARGET_KIND,
// PETSTORE_JSON from the environment): `PETSTORE_BASE_URL=... npm run contract:jest`. It starts
// nothing; tests/contract/ownMock.test.ts runs this file against the project's own HTTP mock, which
// must pass every check, required and recommended.
// With a JUnit file: npm run contract:jest -- --reporters=default --reporters=jest-junit
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { visible } from '../kit/text/visible.ts'
import { formatConsole } from './report/formatConsole.ts'
import { toJsonSummary } from './report/toJsonSummary.ts'
import { resolveTarget } from './running/ContractTarget.ts'
import { runContract } from './running/runContract.ts'

if (!process.env.PETSTORE_BASE_URL)
  throw new Error(
    'PETSTORE_BASE_URL is not set: give the API to check, e.g. PETSTORE_BASE_URL=http://127.0.0.1:4010/v1 npm run contract:jest',
  )
const target = resolveTarget([], process.env)
const report = await runContract(target)
afterAll(async () => {
  if (target.jsonFile) await mkdir(dirname(target.jsonFile), { recursive: true })
  if (target.jsonFile) await writeFile(target.jsonFile, `${JSON.stringify(toJsonSummary(report), null, 2)}\n`)
  if (report.failed || process.env.PETSTORE_VERBOSE)
    console.log(formatConsole(report, { apiKeyFrom: target.apiKeyFrom, verbose: target.verbose }))
})

describe(`contract: ${target.baseUrl}${target.strict ? ' (strict)' : ''}`, () => {
  test('the target is reachable and accepts the key', () => {
    if (report.abort) throw new Error(report.abort)
  })

  for (const result of report.results) {
    const name = `${result.check} [${result.level}] ${result.operation}`
    // Skipped or waived: never shown as passed.
    if (result.outcome === 'skip' || result.outcome === 'waived') {
      test.skip(`${name}: ${result.outcome === 'waived' ? 'waived: ' : ''}${visible(result.reason ?? '', { singleLine: true })}`, () => {})
      continue
    }
    const enforced = result.level === 'required' || target.strict
    test(enforced ? name : `${name} (not enforced: run with PETSTORE_STRICT=1)`, () => {
      // What the target sent is shown escaped here too: Jest prints these messages to the terminal.
      const messages = visible(
        result.findings
          .map((f) => `${f.message}\nReproduce: ${f.curl}${f.script ? `\n\n${f.script}` : ''}`)
          .join('\n\n'),
      )
      if (result.outcome === 'fail' && enforced) throw new Error(`${result.description}\n\n${messages}`)
      if (result.outcome === 'fail') console.warn(`${name}\n${messages}`)
      expect(result.outcome === 'fail' && enforced).toBe(false)
    })
  }
})
