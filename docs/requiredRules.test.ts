// docs/required-rules.md gives every check's level its reason: a required check cites a rule the
// interface document decides (a line of docs/interface-rules.md that is not a gap) and quotes it; a
// recommended one says why it is only recommended. This holds the page to the checks registry.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from '@jest/globals'
import { CHECKS } from '../contract-tests/checks/index.ts'

const SECTION = '\u00a7'
const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8')

interface Row {
  check: string
  level: string
  rules: string[]
  why: string
}

/** The rows of the page's table: `| \`check\` | level | §… | sentence or reason |`. */
function rowsOf(page: string): Row[] {
  return [...page.matchAll(/^\| `([a-z_]+)` \| (required|recommended) \|\s*([^|]*?)\s*\| (.*) \|$/gm)].map(
    (match) => ({
      check: match[1] as string,
      level: match[2] as string,
      rules: (match[3] as string)
        .split(',')
        .map((cell) => cell.trim())
        .filter(Boolean),
      why: (match[4] as string).trim(),
    }),
  )
}

/** The ids of docs/interface-rules.md's lines that state a decided rule (not a "gap" line). */
function decidedRuleIds(page: string): Set<string> {
  return new Set(
    page
      .split('\n')
      .filter((line) => line.startsWith(`| ${SECTION}`) && !line.includes('| **gap**'))
      .map((line) => line.split(' | ')[0]?.replace(/^\| /, '').trim() ?? ''),
  )
}

const rows = rowsOf(read('required-rules.md'))
const decided = decidedRuleIds(read('interface-rules.md'))

describe('docs/required-rules.md', () => {
  test('has one row per check, at the check’s level, and none for a check the suite lacks', () => {
    expect(rows.map((row) => `${row.check} ${row.level}`).sort()).toEqual(
      CHECKS.map((check) => `${check.name} ${check.level}`).sort(),
    )
  })

  test.each(CHECKS.filter((check) => check.level === 'required').map((check) => [check.name]))(
    'required %s cites a rule the document decides, and quotes it',
    (name) => {
      const row = rows.find((candidate) => candidate.check === name)
      expect(row?.rules.length).toBeGreaterThan(0)
      // Each cited section has a decided rule of its own in interface-rules.md (a gap decides nothing).
      expect(row?.rules.filter((rule) => !decided.has(rule))).toEqual([])
      expect(row?.why).toMatch(/"[^"]{10,}"/)
    },
  )

  test.each(CHECKS.filter((check) => check.level === 'recommended').map((check) => [check.name]))(
    'recommended %s says why it is only recommended: a gap of the document or an RFC’s choice',
    (name) => {
      const row = rows.find((candidate) => candidate.check === name)
      expect(row?.rules).toEqual([])
      expect(row?.why).toMatch(
        /not shown|RFC \d+|does not (say|decide)|not the document|no header|not of a body/,
      )
    },
  )

  test('the row reader tells a decided rule from a gap', () => {
    expect(decided.has(`${SECTION}4.1.2`)).toBe(true)
    expect(decided.has(`${SECTION}6`)).toBe(false)
    expect(rowsOf('| `a_check` | required | §7, §8 | "a sentence here" |')).toEqual([
      {
        check: 'a_check',
        level: 'required',
        rules: [`${SECTION}7`, `${SECTION}8`],
        why: '"a sentence here"',
      },
    ])
  })
})
