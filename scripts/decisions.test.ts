// Every decision under decisions/ follows the one template of decisions/README.md: `# NNN: Title`
// with the number of its file, a Status line (accepted, or superseded by an existing decision, with
// a date, optionally naming the earlier decisions it amends), then `## Context`, `## Decision` and `## Consequences`, in that order, none empty.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'

const FOLDER = join(import.meta.dirname, '..', 'decisions')
const pages = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort()
const SECTIONS = ['Context', 'Decision', 'Consequences']

/** What is wrong with a decision page against the template: nothing, or one line per fault. */
function faultsOf(name: string, text: string): string[] {
  const faults: string[] = []
  const number = /^(\d{3})-[a-z0-9.-]+\.md$/.exec(name)?.[1]
  if (!number) faults.push('the file is not named NNN-a-few-words.md')
  const lines = text.split('\n')
  const title = /^# (\d{3}): \S.*$/.exec(lines[0] ?? '')
  if (!title) faults.push('the first line is not "# NNN: Title"')
  else if (title[1] !== number) faults.push(`the title's number ${title[1]} is not the file's ${number}`)
  // The paragraph after the title: the status, and optionally which earlier decisions it amends.
  const start = lines.findIndex((line, i) => i > 0 && line.trim() !== '')
  const end = lines.findIndex((line, i) => i > start && line.trim() === '')
  const paragraph = lines.slice(start, end === -1 ? undefined : end).join(' ')
  const status = /^Status: (accepted|superseded by (\d{3})) \((\d{4}-\d{2}-\d{2})\)(\. Amends .*)?$/.exec(
    paragraph,
  )
  if (!status) faults.push('the line after the title is not "Status: accepted (YYYY-MM-DD)"')
  else {
    if (Number.isNaN(Date.parse(`${status[3]}T00:00:00Z`))) faults.push(`${status[3]} is not a date`)
    const named = [status[2], ...(status[4]?.match(/\b\d{3}\b/g) ?? [])].filter((n) => n !== undefined)
    for (const other of named)
      if (!readdirSync(FOLDER).some((page) => page.startsWith(`${other}-`)))
        faults.push(`it names decision ${other}, which does not exist`)
  }
  const headings = lines.filter((line) => /^## /.test(line)).map((line) => line.slice(3).trim())
  if (JSON.stringify(headings) !== JSON.stringify(SECTIONS))
    faults.push(`its sections are ${JSON.stringify(headings)}, not ${JSON.stringify(SECTIONS)}`)
  for (const [i, section] of text
    .split(/^## .*$/m)
    .slice(1)
    .entries())
    if (section.trim() === '') faults.push(`## ${headings[i]} is empty`)
  return faults
}

describe('decisions share one template', () => {
  test('there are decisions, numbered 001 upwards with no gap or repeat, and the template page', () => {
    expect(pages.length).toBeGreaterThan(20)
    expect(pages.map((name) => name.slice(0, 3))).toEqual(pages.map((_, i) => String(i + 1).padStart(3, '0')))
    expect(existsSync(join(FOLDER, 'README.md'))).toBe(true)
  })

  test.each(pages)('%s follows it', (name) => {
    expect(faultsOf(name, readFileSync(join(FOLDER, name), 'utf8'))).toEqual([])
  })

  test('the template in decisions/README.md follows it too', () => {
    const readme = readFileSync(join(FOLDER, 'README.md'), 'utf8')
    const template = /```markdown\n([\s\S]*?)```/.exec(readme)?.[1] ?? ''
    const filled = template.replace('NNN', '024').replace('YYYY-MM-DD', '2026-11-26')
    expect(faultsOf('024-a-new-decision.md', filled)).toEqual([])
  })

  test('a page of another shape is refused, saying why', () => {
    const old = '# 002: A title\n\n## Problem\nWhy.\n\n## Decision\nWhat.\n'
    expect(faultsOf('002-a-title.md', old)).toEqual([
      'the line after the title is not "Status: accepted (YYYY-MM-DD)"',
      'its sections are ["Problem","Decision"], not ["Context","Decision","Consequences"]',
    ])
    const superseded =
      '# 001: A\n\nStatus: superseded by 999 (2026-11-26)\n\n## Context\nx\n## Decision\n\n## Consequences\nz\n'
    expect(faultsOf('001-a.md', superseded)).toEqual([
      'it names decision 999, which does not exist',
      '## Decision is empty',
    ])
  })
})
