import { describe, expect, test } from '@jest/globals'
import type { CheckResult, ContractReport } from '../runContract.ts'
import { formatConsole } from './formatConsole.ts'
import { toJsonSummary } from './toJsonSummary.ts'
import { toJunitXml } from './toJunitXml.ts'

const finding = {
  operation: 'listPets' as const,
  message: 'Received: 422\nDocumented: 400 & <Error>',
  curl: "curl 'x'",
}
const results: CheckResult[] = [
  {
    check: 'default_limit',
    level: 'required',
    description: 'd',
    operation: 'listPets',
    outcome: 'pass',
    findings: [],
  },
  {
    check: 'limit_out_of_range_rejected',
    level: 'recommended',
    description: 'r',
    operation: 'listPets',
    outcome: 'fail',
    findings: [finding],
  },
  {
    check: 'unique_ids',
    level: 'required',
    description: 'u',
    operation: 'createPet',
    outcome: 'skip',
    reason: 'read-only run',
    findings: [],
  },
]
const report = (strict: boolean): ContractReport => ({
  baseUrl: 'http://target/v1',
  runId: 'r1',
  strict,
  readOnly: true,
  stateless: false,
  targetKind: 'server',
  durationMs: 12,
  results,
  requests: 3,
  failed: strict,
})

describe('reports', () => {
  test('JUnit: a recommended failure is skipped unless strict, then a failure; XML is escaped', () => {
    const lenient = toJunitXml(report(false))
    expect(lenient).toContain('failures="0"')
    expect(lenient).toMatch(/name="limit_out_of_range_rejected listPets"><skipped/)
    const strict = toJunitXml(report(true))
    expect(strict).toContain('failures="1"')
    expect(strict).toContain('Documented: 400 &amp; &lt;Error&gt;')
    expect(strict).toMatch(/name="unique_ids createPet"><skipped message="read-only run"/)
  })

  test('JSON summary: a checks x operations matrix', () => {
    const summary = toJsonSummary(report(false)) as { matrix: Record<string, Record<string, string>> }
    expect(summary.matrix.unique_ids).toEqual({ listPets: 'n/a', createPet: 'skip', getPet: 'n/a' })
    expect(summary.matrix.limit_out_of_range_rejected?.listPets).toBe('fail')
  })

  test('console: a recommended failure is a WARN unless strict, with the curl line', () => {
    expect(formatConsole(report(false))).toMatch(/WARN {2}limit_out_of_range_rejected/)
    expect(formatConsole(report(true))).toMatch(/FAIL {2}limit_out_of_range_rejected/)
    expect(formatConsole(report(true))).toContain("Reproduce: curl 'x'")
  })
})
