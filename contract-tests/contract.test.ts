// The contract suite as Jest tests: one test per check and operation. The target comes from the
// environment (PETSTORE_BASE_URL, PETSTORE_API_KEY, PETSTORE_STRICT, PETSTORE_READ_ONLY,
// PETSTORE_TARGET_KIND, PETSTORE_JSON); with none given, the project's own HTTP mock is started as a
// child process on a free port and must pass every check, required and recommended.
// With a JUnit file: npm run test:unit -- contract-tests/contract.test.ts --reporters=default --reporters=jest-junit
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { visible } from '../kit/text/visible.ts'
import { startOwnMock } from '../tests/support/startOwnMock.ts'
import { formatConsole } from './report/formatConsole.ts'
import { toJsonSummary } from './report/toJsonSummary.ts'
import { resolveTarget } from './running/ContractTarget.ts'
import { runContract } from './running/runContract.ts'

const OWN_MOCK_KEY = 'contract-suite-key'
const ownMock = process.env.PETSTORE_BASE_URL ? undefined : await startOwnMock(OWN_MOCK_KEY)
const target = resolveTarget([], {
  ...process.env,
  ...(ownMock && {
    PETSTORE_BASE_URL: ownMock.baseUrl,
    PETSTORE_API_KEY: OWN_MOCK_KEY,
    PETSTORE_STRICT: '1',
    PETSTORE_READ_ONLY: '0',
    PETSTORE_TARGET_KIND: 'server',
  }),
})
const report = await runContract(target).catch(async (error: unknown) => {
  await ownMock?.stop()
  throw error
})
afterAll(async () => {
  await ownMock?.stop()
  if (target.jsonFile) await mkdir(dirname(target.jsonFile), { recursive: true })
  if (target.jsonFile) await writeFile(target.jsonFile, `${JSON.stringify(toJsonSummary(report), null, 2)}\n`)
  if (report.failed || process.env.PETSTORE_VERBOSE) console.log(formatConsole(report))
})

describe(`contract: ${target.baseUrl}${target.strict ? ' (strict)' : ''}`, () => {
  test('the target is reachable and accepts the key', () => {
    if (report.abort) throw new Error(report.abort)
  })

  for (const result of report.results) {
    const name = `${result.check} [${result.level}] ${result.operation}`
    if (result.outcome === 'skip') {
      test.skip(`${name}: ${visible(result.reason ?? '', { singleLine: true })}`, () => {})
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
