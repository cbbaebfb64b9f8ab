// No documented command writes into the clone's tracked files, or beside them where `git add .` would
// pick the output up (how a stray `app.har` was once committed at the root): every file a shell line
// of the README or docs/ writes is under a folder git ignores (reports/, .state/, dist/) or outside
// the clone. docs/adopters.md is left out: its commands run in the adopter's own app.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { ignoredBy, writesOf } from './documentedWrites.ts'

const ROOT = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'adopters.md')
    .map((name) => `docs/${name}`),
  ...readdirSync(join(ROOT, 'examples')).map((name) => `examples/${name}/README.md`),
]
const IGNORED = read('.gitignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))

/** Every line of a shell code block of `page` (fences tagged bash, sh, shell or zsh), with its page. */
function shellLines(page: string): Array<{ page: string; line: string }> {
  const lines: Array<{ page: string; line: string }> = []
  let inShell: boolean | undefined
  for (const line of read(page).split('\n')) {
    const fence = /^\s*```(\w*)/.exec(line)
    if (fence)
      inShell = inShell === undefined ? ['bash', 'sh', 'shell', 'zsh'].includes(fence[1] ?? '') : undefined
    else if (inShell) lines.push({ page, line })
  }
  return lines
}

/** Outside the clone: an absolute path, the home folder or a temporary folder. */
const outside = (path: string) => /^(\/|~|"?\$(TMPDIR|HOME|\{TMPDIR)|"?\$\(mktemp)/.test(path)

describe('documented commands write no tracked path', () => {
  const lines = PAGES.flatMap(shellLines)
  const writes = lines.flatMap(({ page, line }) => writesOf(line).map((path) => ({ page, path })))

  test('the pages have shell lines, and some write files (the rule sees them)', () => {
    expect(lines.length).toBeGreaterThan(30)
    expect(writes.map((write) => write.path)).toEqual(expect.arrayContaining(['reports/app.har']))
  })

  test('every file a documented command writes is ignored by git or outside the clone', () => {
    expect(writes.filter(({ path }) => !outside(path) && !ignoredBy(IGNORED, path))).toEqual([])
  })
})

describe('the reader of shell lines', () => {
  test.each([
    ["curl -s 'http://127.0.0.1:4010/__mock/requests.har' -o app.har  # what the app did", ['app.har']],
    ["curl -s 'http://h/x' -H 'X-Mock-Session: app' > app.har", ['app.har']],
    ['npm test >> out.log 2>&1', ['out.log']],
    ['npm test 2> errors.txt', ['errors.txt']],
    ['npm run contract -- --junit junit.xml --json=summary.json', ['junit.xml', 'summary.json']],
    ['npm test | tee -a run.log', ['run.log']],
    ['cp node_modules/x/a.js public/', ['public/']],
    ["echo '> not a redirection' # > nor this", []],
    ['npm start -- --state-file .state/pets.db', ['.state/pets.db']],
    ['npm pkg set allowScripts.node=true --json && npm install', []],
  ])('%s writes %j', (line, paths) => {
    expect(writesOf(line)).toEqual(paths)
  })

  test('ignored and outside paths are told from the rest', () => {
    expect(ignoredBy(IGNORED, 'reports/app.har')).toBe(true)
    expect(ignoredBy(IGNORED, '.state/pets.db')).toBe(true)
    expect(ignoredBy(IGNORED, 'petstore-mock-0.1.0.tgz')).toBe(true)
    expect(ignoredBy(IGNORED, 'app.har')).toBe(false)
    expect(ignoredBy(IGNORED, 'docs/reports.md')).toBe(false)
    expect(outside('/tmp/app.har')).toBe(true)
    expect(outside('"$TMPDIR"/app.har')).toBe(true)
    expect(outside('app.har')).toBe(false)
  })
})
