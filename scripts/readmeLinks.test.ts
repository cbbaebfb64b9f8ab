// The README is also the package's page on the registry, where a relative link leads nowhere: every
// link into the repository is absolute, to the repository package.json names, and still resolves.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { readPackageInfo } from '../spec/packageInfo.ts'

const ROOT = join(import.meta.dirname, '..')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const { homepage } = readPackageInfo()
const targets = [...README.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string)

describe('README links', () => {
  test('there are links to check', () => {
    expect(targets.filter((target) => target.startsWith(homepage)).length).toBeGreaterThan(10)
  })

  test('none is relative: each is an anchor on the page or an absolute URL', () => {
    expect(targets.filter((target) => !/^(#|https?:\/\/)/.test(target))).toEqual([])
  })

  test('each link into the repository names a file (blob) or folder (tree) that exists on main', () => {
    const broken = targets
      .filter((target) => target.startsWith(`${homepage}/`))
      .filter((target) => {
        const match = /^\/(blob|tree)\/main\/([^#?]*)/.exec(target.slice(homepage.length))
        if (!match) return true
        const path = join(ROOT, decodeURIComponent(match[2] as string))
        if (!existsSync(path)) return true
        return (match[1] === 'tree') !== statSync(path).isDirectory()
      })
    expect(broken).toEqual([])
  })
})
