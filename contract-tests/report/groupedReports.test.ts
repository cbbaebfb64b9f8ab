// The console, the Markdown summary and the HTML page show a run's findings alike: failures first,
// then warnings, each group under its count; one sentence on the key before the first curl line;
// and nothing the target sent becomes markup.
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import type { CheckResult } from '../checks/Check.ts'
import type { ContractReport } from '../running/runContract.ts'
import { formatConsole } from './formatConsole.ts'
import { SET_KEY_COMMAND } from './keyInstruction.ts'
import { sectionsOf } from './sections.ts'
import { toHtmlReport } from './toHtmlReport.ts'
import { toJsonSummary } from './toJsonSummary.ts'
import { toMarkdownSummary } from './toMarkdownSummary.ts'

const KEY = 'sekret-key-123'
const result = (check: string, level: CheckResult['level'], message: string, curl: string): CheckResult => ({
  check,
  level,
  description: `${check} description`,
  operation: 'listPets',
  outcome: 'fail',
  findings: [{ operation: 'listPets', message, curl }],
  found: 1,
})
const curl = (query: string) =>
  `curl -sS -i -X GET 'http://t/v1/pets?${query}' -H "Authorization: Bearer $PETSTORE_API_KEY"`
// Warnings first in run order, as checks run: the reports must still put the failure first.
const report = (strict = false, hostile = 'Rex'): ContractReport => ({
  baseUrl: 'http://t/v1',
  runId: 'r1',
  strict,
  readOnly: false,
  stateless: false,
  targetKind: 'server',
  durationMs: 5,
  requests: 1,
  failed: true,
  results: [
    result('warn_one', 'recommended', 'Received: 422\nRecommended: 400', curl('limit=0')),
    result('warn_two', 'recommended', 'Received: 422\nRecommended: 400', curl('limit=101')),
    result('real_bug', 'required', `Received: 200 with ${hostile}\nDocumented: 401`, curl('a=1')),
    { ...result('passes', 'required', '', ''), outcome: 'pass', findings: [] },
  ],
})

describe('failures first, then warnings, under one-line counts', () => {
  test('sectionsOf: headings with their plurals; --strict makes the warnings failures', () => {
    expect(sectionsOf(report()).map((s) => s.heading)).toEqual([
      '1 failure (required rules)',
      '2 warnings (recommended; they fail the run only with --strict)',
    ])
    expect(sectionsOf(report(true)).map((s) => s.heading)).toEqual([
      '3 failures (required rules, and recommended ones with --strict)',
    ])
  })

  test.each([
    ['console', (r: ContractReport) => formatConsole(r, { apiKeyFrom: 'flag' })],
    ['Markdown', (r: ContractReport) => toMarkdownSummary(r, { apiKeyFrom: 'flag' })],
    ['HTML', (r: ContractReport) => toHtmlReport(r, { apiKeyFrom: 'flag' })],
  ])('%s: the failure before both warnings, the key told once before the first curl line', (_name, write) => {
    const text = write(report())
    const at = (needle: string) => text.indexOf(needle)
    expect(at('1 failure (required rules)')).toBeGreaterThan(-1)
    expect(at('real_bug')).toBeLessThan(at('2 warnings'))
    expect(at('2 warnings')).toBeLessThan(at('limit=0'))
    // The HTML escapes its quotes; the command's words are the same.
    const told = text.indexOf(SET_KEY_COMMAND.split(' ')[0] as string)
    expect(told).toBeGreaterThan(-1)
    expect(told).toBeLessThan(at('pets?a=1'))
    expect(text.split('read -rs PETSTORE_API_KEY').length).toBe(2)
    expect(text).not.toContain(KEY)
  })

  test('summary.json lists the failure before the warnings too', () => {
    const { failures } = toJsonSummary(report()) as { failures: Array<{ check: string; verdict: string }> }
    expect(failures.map((f) => `${f.verdict} ${f.check}`)).toEqual([
      'fail real_bug',
      'warn warn_one',
      'warn warn_two',
    ])
  })

  test('the console words the instruction by where the key came from, never printing it', () => {
    expect(formatConsole(report(), { apiKeyFrom: 'env' })).toContain('this run read it from there too')
    expect(formatConsole(report(), { apiKeyFrom: 'flag' })).toContain(`\`${SET_KEY_COMMAND}\``)
    const passing = { ...report(), results: [], failed: false }
    expect(formatConsole(passing, { apiKeyFrom: 'flag' })).not.toContain('PETSTORE_API_KEY')
  })
})

const hostileText = fc.oneof(
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    '</pre><script>alert(1)</script>',
    '```\n<script>x</script>\n```',
    '`` ` ``',
    '"><svg onload=alert(1)>',
  ),
  fc.string({ unit: fc.constantFrom('<', '>', '`', '&', '"', "'", 'a', '\n', '\u001b', '/') }),
)

describe('nothing the target sent becomes markup', () => {
  test('HTML: no tag of the target survives, and the page loads nothing', () => {
    fc.assert(
      fc.property(hostileText, (hostile) => {
        const html = toHtmlReport({ ...report(false, hostile), baseUrl: `http://t/${hostile}` })
        expect(html).not.toMatch(/<(script|img|svg)\b/i)
        // Shown as text: the markup characters are references, the words stay readable.
        if (hostile.startsWith('<img')) expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;')
        expect(html).toContain("default-src 'none'")
      }),
    )
  })

  test('Markdown: every fence is longer than any run of backticks inside it', () => {
    fc.assert(
      fc.property(hostileText, (hostile) => {
        const markdown = toMarkdownSummary({ ...report(false, hostile), hints: [hostile] })
        // Outside code, the hint's markup characters are escaped: GitHub would render raw HTML.
        const hint = markdown.split('\n').find((line) => line.startsWith('Hint: ')) ?? ''
        expect(hint).not.toMatch(/(^|[^\\])[<`]/)
        const lines = markdown.split('\n')
        for (let i = 0; i < lines.length; i++) {
          const open = /^(`{3,})(\w*)$/.exec(lines[i] as string)
          if (!open) continue
          const fence = open[1] as string
          const close = lines.findIndex((line, j) => j > i && line === fence)
          expect(close).toBeGreaterThan(i)
          const inside = lines.slice(i + 1, close).join('\n')
          expect(Math.max(0, ...(inside.match(/`+/g) ?? []).map((run) => run.length))).toBeLessThan(
            fence.length,
          )
          i = close
        }
        expect(markdown).not.toContain('\u001b')
      }),
    )
  })
})
