// The README and the pages it leads to link with relative paths (`docs/mock.md`,
// `../decisions/015-model-phase-and-lossless-int64.md`), which work in a clone and on the hosting
// site alike; an absolute link into a repository that is not published yet leads nowhere. Every
// relative link names a file or folder that exists, and every `#anchor` a heading of its page.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { readPackageInfo } from '../spec/packageInfo.ts'

const ROOT = join(import.meta.dirname, '..')
const PAGES = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(ROOT, 'examples')).map((name) => `examples/${name}/README.md`),
].filter((page) => existsSync(join(ROOT, page)))
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8')
const repository = readPackageInfo().homepage.replace(/#.*$/, '')

/** The link targets of a page, outside code blocks and code spans. */
function linksOf(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string)
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(text: string): Set<string> {
  const headings = text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)
  return new Set(
    [...headings].map((match) =>
      (match[1] as string)
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  )
}

const links = PAGES.flatMap((page) => linksOf(read(page)).map((target) => ({ page, target })))
const relative = links.filter(({ target }) => !/^[a-z]+:/i.test(target))

test('the README stays within 150 lines: the rest is in the pages it links', () => {
  expect(read('README.md').split('\n').length - 1).toBeLessThanOrEqual(150)
})

describe('links of the README and docs/', () => {
  test('there are links to check, README and docs/ alike', () => {
    expect(relative.filter(({ page }) => page === 'README.md').length).toBeGreaterThan(10)
    expect(relative.filter(({ page }) => page.startsWith('docs/')).length).toBeGreaterThan(30)
  })

  test('none is absolute into the repository (it leads nowhere until it is published)', () => {
    expect(links.filter(({ target }) => target.startsWith(repository))).toEqual([])
  })

  test('each relative link names a file or folder that exists', () => {
    const broken = relative.filter(({ page, target }) => {
      const path = target.replace(/#.*$/, '')
      return path !== '' && !existsSync(join(ROOT, dirname(page), decodeURIComponent(path)))
    })
    expect(broken).toEqual([])
  })

  test('each #anchor names a heading of the page it leads to', () => {
    const broken = relative.filter(({ page, target }) => {
      const [path, anchor] = target.split('#') as [string, string | undefined]
      if (anchor === undefined) return false
      const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path))
      if (!file.endsWith('.md') || !existsSync(file) || statSync(file).isDirectory()) return false
      return !anchorsOf(readFileSync(file, 'utf8')).has(anchor)
    })
    expect(broken).toEqual([])
  })

  test('the anchors are read as GitHub reads them', () => {
    expect(anchorsOf('## The key, never on a command line\n### Memory bounded by what is kept')).toEqual(
      new Set(['the-key-never-on-a-command-line', 'memory-bounded-by-what-is-kept']),
    )
  })
})
