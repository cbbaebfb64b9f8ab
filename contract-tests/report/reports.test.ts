import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { xmlWellFormedness } from '../../tests/support/xmlWellFormedness.ts'
import type { CheckResult } from '../checks/Check.ts'
import type { ContractReport } from '../running/runContract.ts'
import { mapStrings } from '../text/mapStrings.ts'
import { formatConsole } from './formatConsole.ts'
import type { Tally } from './tally.ts'
import { JSON_SUMMARY_MAX, toJsonSummary } from './toJsonSummary.ts'
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
    expect(summary.matrix.limit_out_of_range_rejected?.listPets).toBe('warn')
  })

  test('console: a recommended failure is a WARN unless strict, with the curl line', () => {
    // A line per check and operation with --verbose; without, the table by level.
    expect(formatConsole(report(false), { verbose: true })).toMatch(/WARN {2}limit_out_of_range_rejected/)
    expect(formatConsole(report(true), { verbose: true })).toMatch(/FAIL {2}limit_out_of_range_rejected/)
    expect(formatConsole(report(false))).toMatch(/^recommended +0 +0 +1 +0 +0$/m)
    expect(formatConsole(report(true))).toContain("Reproduce: curl 'x'")
  })
})

// Whatever a target sends ends up in messages, reasons, curl lines and scripts: any UTF-16 code
// unit (lone surrogates included), with the sequences that drive terminals and break XML mixed in.
const hostileText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.constantFrom(
      '\u001b[2J',
      '\r',
      '\nResult: conforms',
      ']]>',
      '&',
      '<',
      '"',
      '\u009b',
      '\u202e',
      '\ufffe',
      '\ud800',
    ),
  ),
  maxLength: 60,
})
const hostileReport = fc
  .record({
    text: fc.array(hostileText, { minLength: 6, maxLength: 6 }),
    strict: fc.boolean(),
    outcomes: fc.array(
      fc.record({
        outcome: fc.constantFrom('pass', 'fail', 'skip'),
        level: fc.constantFrom('required', 'recommended'),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(
    ({ text: [a, b, c, d, e, f], strict, outcomes }): ContractReport => ({
      ...report(strict),
      baseUrl: `http://target/${a}`,
      hints: [b as string],
      results: outcomes.map(({ outcome, level }, i) => ({
        check: `check_${i}`,
        level: level as CheckResult['level'],
        description: c as string,
        operation: 'listPets',
        outcome: outcome as CheckResult['outcome'],
        ...(outcome === 'skip' && { reason: d as string }),
        findings:
          outcome === 'fail'
            ? [{ operation: 'listPets', message: e as string, curl: f as string, script: `1. ${e}` }]
            : [],
      })),
    }),
  )

/** What no output may contain: C0 controls but tab and line feed, DEL, C1, bidi controls, lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding raw control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/u

describe('reports survive whatever the target sends', () => {
  test('junit.xml is always well-formed XML 1.0 and holds no raw control character', () => {
    fc.assert(
      fc.property(hostileReport, (hostile) => {
        const xml = toJunitXml(hostile)
        expect(xmlWellFormedness(xml)).toBeUndefined()
        expect(xml).not.toMatch(RAW_CONTROL)
      }),
    )
  })

  test('summary.json always parses, and no string in it holds a raw control character', () => {
    fc.assert(
      fc.property(hostileReport, (hostile) => {
        const parsed = JSON.parse(JSON.stringify(toJsonSummary(hostile)))
        mapStrings(parsed, (text) => {
          expect(text).not.toMatch(RAW_CONTROL)
          return text
        })
      }),
    )
  })

  test('the console shows control characters escaped, and no target text starts a line of its own', () => {
    fc.assert(
      fc.property(hostileReport, (hostile) => {
        const text = formatConsole(hostile)
        expect(text).not.toMatch(RAW_CONTROL)
        expect(text.split('\n').filter((line) => line === 'Result: conforms').length).toBeLessThanOrEqual(1)
        expect(text.split('\n').at(-1)).toBe(hostile.failed ? 'Result: FAILED' : 'Result: conforms')
      }),
    )
  })

  test('a long body is cut in every report', () => {
    const long = { ...report(true) }
    long.results = [
      { ...results[1], findings: [{ ...finding, message: 'x'.repeat(1_000_000) }] } as CheckResult,
    ]
    expect(toJunitXml(long).length).toBeLessThan(100_000)
    expect(JSON.stringify(toJsonSummary(long)).length).toBeLessThan(100_000)
    expect(formatConsole(long).length).toBeLessThan(100_000)
  })

  test('summary.json stays under JSON_SUMMARY_MAX however many distinct, long, hostile findings there are', () => {
    // Every check x operation fails with many distinct findings of 1 MB each, made of characters that
    // escaping lengthens sixfold; every skip reason is as long. Twelve checks are plenty: their
    // examples escaped would fill 9 MB, nine times the bound (120 took 19 s to escape, proving no more).
    const hostile = '\u202e\u0001'.repeat(500_000)
    const many = { ...report(true) }
    many.results = Array.from({ length: 12 }, (_, i) => ({
      check: `check_${i}`,
      level: 'required',
      description: hostile,
      operation: 'listPets',
      outcome: i % 10 === 0 ? 'skip' : 'fail',
      ...(i % 10 === 0 && { reason: hostile }),
      found: 5_000,
      findings: Array.from({ length: 3 }, (_, n) => ({
        operation: 'listPets',
        message: `${n}${hostile}`,
        curl: hostile,
        script: hostile,
      })),
    })) as CheckResult[]
    many.hints = [hostile, hostile]
    const text = JSON.stringify(toJsonSummary(many), null, 2)
    expect(text.length).toBeLessThan(JSON_SUMMARY_MAX)
    const parsed = JSON.parse(text) as { failures: Array<{ found: number; examplesLeftOut?: number }> }
    expect(parsed.failures.every((failure) => failure.found === 5_000)).toBe(true)
    expect(parsed.failures.some((failure) => (failure.examplesLeftOut ?? 0) > 0)).toBe(true)
  })

  test('warnings and failures are counted the same way in console, JSON and JUnit', () => {
    fc.assert(
      fc.property(hostileReport, (hostile) => {
        const totals = (toJsonSummary(hostile) as { totals: Tally }).totals
        const line = formatConsole(hostile)
          .split('\n')
          .find((l) => /^\d+ passed, \d+ failed, \d+ warnings?, \d+ skipped/.test(l)) as string
        const [passed, failed, warnings, skipped] = (line.match(/\d+/g) ?? []).map(Number)
        expect({ passed, failed, warnings, skipped }).toEqual({
          passed: totals.passed,
          failed: totals.failed,
          warnings: totals.warnings,
          skipped: totals.skipped,
        })
        const xml = toJunitXml(hostile)
        const suite =
          /<testsuite name="[^"]*" tests="(\d+)" failures="(\d+)" errors="\d+" skipped="(\d+)"/.exec(xml)
        expect(suite?.slice(1).map(Number)).toEqual([
          hostile.results.length,
          totals.failed,
          totals.skipped + totals.warnings,
        ])
        expect(xml).toContain(`<property name="warnings" value="${totals.warnings}"/>`)
        expect((xml.match(/<skipped message="WARN/g) ?? []).length).toBe(totals.warnings)
        expect((xml.match(/<failure /g) ?? []).length).toBe(totals.failed)
      }),
    )
  })
})
