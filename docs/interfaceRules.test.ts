// The repository reads on its own: every section sign cited in code, tests, fixtures and docs resolves
// to a line of docs/interface-rules.md, every file that page names exists, and history is cited as a
// decision under decisions/, never as an issue number only the tracker knows.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const RULES_PAGE = join(ROOT, 'docs/interface-rules.md')
const SECTION = '\u00a7'
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'reports', '.git', 'coverage'])
const TEXT_FILE = /\.(ts|mjs|js|json|md|yaml|yml|html)$|^run$/

/** Every text file of the repository, as a path relative to its root. */
function repositoryFiles(directory = ROOT): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.has(entry.name) ? [] : repositoryFiles(path)
    return TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json' ? [relative(ROOT, path)] : []
  })
}

/**
 * The sections a text cites, normalised: "§4.2 rule 1" is §4.2.1. A section of another document
 * ("RFC 9110 §11.6.1") is not ours and is left out.
 *
 * @example
 * citations('see §4.1 rule 2 and RFC 9110 §11.6.1') // ['§4.1.2']
 */
function citations(text: string): string[] {
  // An RFC's section may sit on the next comment line after the RFC's number: still the RFC's.
  const pattern = new RegExp(`(RFC \\d+(?:\\s|\\*|//)*)?${SECTION} ?(\\d+(?:\\.\\d+)*)(?: rule (\\d+))?`, 'g')
  return [...text.matchAll(pattern)]
    .filter((match) => match[1] === undefined)
    .map((match) => `${SECTION}${match[2]}${match[3] ? `.${match[3]}` : ''}`)
}

interface RuleLine {
  id: string
  text: string
  enforcedIn: string[]
  testedIn: string[]
}

const linksIn = (cell: string): string[] =>
  [...cell.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1] as string)

function ruleLines(page: string): RuleLine[] {
  return page
    .split('\n')
    .filter((line) => new RegExp(`^\\| ${SECTION}\\d`).test(line))
    .map((line) => {
      const [id = '', text = '', enforced = '', tested = ''] = line.split(' | ').map((cell) => cell.trim())
      return { id: id.replace(/^\| /, ''), text, enforcedIn: linksIn(enforced), testedIn: linksIn(tested) }
    })
}

/** Whether a cited section has a line: its own, or, for a part or section, a line inside it. */
function resolves(cited: string, ids: readonly string[]): boolean {
  return ids.some((id) => id === cited || id.startsWith(`${cited}.`))
}

const rules = ruleLines(readFileSync(RULES_PAGE, 'utf8'))
const files = repositoryFiles()

describe('docs/interface-rules.md', () => {
  test('states rules for every part of the interface document, with well-formed section numbers', () => {
    expect(rules.length).toBeGreaterThan(30)
    for (const rule of rules) expect(rule.id).toMatch(/^§\d(\.\d+){0,2}$/)
    const parts = new Set(rules.map((rule) => rule.id.slice(1).split('.')[0]))
    expect([...parts].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
  })

  test.each(rules.map((rule) => [`${rule.id} ${rule.text.slice(0, 60)}`, rule] as const))(
    '%s names where it is enforced and tested, in files that exist',
    (_name, rule) => {
      expect(rule.enforcedIn.length).toBeGreaterThan(0)
      expect(rule.testedIn.length).toBeGreaterThan(0)
      const missing = [...rule.enforcedIn, ...rule.testedIn].filter(
        (link) => !existsSync(resolve(dirname(RULES_PAGE), link)),
      )
      expect(missing).toEqual([])
    },
  )

  test('the citation reader normalises rules and leaves other documents alone', () => {
    expect(
      citations(
        `${SECTION}4.1 rule 2, ${SECTION}2 Pet.id, ${SECTION}4.1.3; RFC 9110 ${SECTION}11.6.1, RFC 9110\n * ${SECTION}11.1`,
      ),
    ).toEqual([`${SECTION}4.1.2`, `${SECTION}2`, `${SECTION}4.1.3`])
  })
})

describe('citations across the repository', () => {
  test('the scan reads code, tests, fixtures, the spec and the docs', () => {
    for (const file of [
      'README.md',
      'spec/openapi.yaml',
      'fixtures/contract-bad-bodies.json',
      'mocks/core/PetStore.ts',
    ])
      expect(files).toContain(file)
  })

  test(`every ${SECTION} cited anywhere has a line in docs/interface-rules.md`, () => {
    const ids = rules.map((rule) => rule.id)
    const unresolved = files.flatMap((file) =>
      citations(readFileSync(join(ROOT, file), 'utf8'))
        .filter((cited) => !resolves(cited, ids))
        .map((cited) => `${file}: ${cited}`),
    )
    expect(unresolved).toEqual([])
  })

  test('every decision cited anywhere exists under decisions/', () => {
    const dangling = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/decisions\/(\d{3}-[\w.-]+?\.md)/g)]
        .filter((match) => !existsSync(join(ROOT, 'decisions', match[1] as string)))
        .map((match) => `${file}: ${match[0]}`),
    )
    expect(dangling).toEqual([])
  })

  test('history is cited as a decision, never as an issue number', () => {
    // An issue number means something only to whoever has the tracker; a decision reads on its own.
    const pattern = /\bissues? #?\d+\b/gi
    const mentions = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(pattern)].map((match) => `${file}: ${match[0]}`),
    )
    expect(mentions).toEqual([])
  })
})
