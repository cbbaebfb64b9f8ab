// Every line of the suite and its coverage reports that counts goes through plural() (kit/text/plural.ts), so none says
// "exactly 1 pets". This scans the code that writes report lines and findings for a count put
// straight before a plural noun (`${n} pets`) or an `s` added by hand (`=== 1 ? '' : 's'`).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'

const ROOT = new URL('../../', import.meta.url).pathname
/** The folders whose strings reach a report: the writers, the checks' findings, the suite's words. */
const SCANNED = [
  'contract-tests/report',
  'contract-tests/checks',
  'contract-tests/base',
  'contract-tests/running',
]

/** Words after a `${...}` that end in s and are not a counted noun: units and verbs. */
const NOT_NOUNS = new Set(['ms', 's', 'is', 'was', 'has', 'does', 'shows', 'breaks', 'across', 'as', 'us'])

/** A template substitution (one level of nested braces) followed by a word. */
const COUNT_THEN_WORD = /\$\{(?:[^{}]|\{[^{}]*\})*\} ([a-z]+)\b/g
const HAND_MADE_S = /=== 1 \? '' : 's'/

/** Where a source text bypasses plural(): `file:line: excerpt` for each. */
function bypasses(file: string, text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return
    const words = [...line.matchAll(COUNT_THEN_WORD)].map((m) => m[1] as string)
    const nouns = words.filter((word) => word.endsWith('s') && !NOT_NOUNS.has(word))
    if (nouns.length > 0 || HAND_MADE_S.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`)
  })
  return found
}

function sources(): Array<[string, string]> {
  return SCANNED.flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name): [string, string] => [`${folder}/${name}`, readFileSync(join(ROOT, folder, name), 'utf8')]),
  )
}

describe('counts go through plural()', () => {
  // Samples of source text, written with #{ for ${ so they are plain strings here.
  const source = (text: string) => text.replaceAll('#{', '${')
  test('the scan sees the shapes that bypass it, and not plural() itself', () => {
    expect(bypasses('x.ts', source('const a = `exactly #{least} pets`'))).toHaveLength(1)
    expect(bypasses('x.ts', source('const a = `#{found.length} findings`'))).toHaveLength(1)
    expect(bypasses('x.ts', source("const a = `#{n} pet#{n === 1 ? '' : 's'}`"))).toHaveLength(1)
    expect(bypasses('x.ts', source("const a = `#{plural(n, 'pet')} created in #{ms} ms`"))).toEqual([])
    expect(bypasses('x.ts', source("const a = `#{plural(countIn(e) ?? 0, 'pet')}, more`"))).toEqual([])
  })

  test('the scanned folders hold code to scan', () => {
    expect(sources().length).toBeGreaterThan(40)
  })

  test('no report line or finding counts without plural()', () => {
    expect(sources().flatMap(([file, text]) => bypasses(file, text))).toEqual([])
  })
})
