// The README's shell blocks are commands people paste into bash or zsh (macOS's shell): each must
// parse in both, and no word may hold a `?`, `*` or `[` outside quotes, which zsh expands as a
// pattern and aborts on when nothing matches (`curl http://…/pets?limit=2` fails in zsh).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'

const ROOT = join(import.meta.dirname, '..', '..')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const blocks = [...README.matchAll(/```(?:bash|sh|shell|zsh)\n([\s\S]*?)```/g)].map(
  (match) => match[1] as string,
)

/** A shell on this machine, or undefined (zsh is Debian's `zsh` package; CI installs it). */
function shell(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/** The words of a line outside quotes and comments that zsh would treat as a glob pattern. */
function unquotedGlobs(line: string): string[] {
  const found: string[] = []
  let quote: string | undefined
  let word = ''
  const flush = () => {
    if (/[?*[]/.test(word)) found.push(word)
    word = ''
  }
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (quote) {
      if (c === quote) quote = undefined
      continue
    }
    if (c === "'" || c === '"') quote = c
    else if (c === '\\') i++
    else if (c === '#' && word === '') break
    else if (/\s/.test(c)) flush()
    else word += c
  }
  flush()
  return found
}

describe("the README's shell blocks", () => {
  test('there are blocks to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4)
  })

  test('no unquoted word holds a glob character (zsh aborts on a pattern that matches nothing)', () => {
    const lines = blocks.flatMap((block) => block.split('\n'))
    expect(lines.flatMap(unquotedGlobs)).toEqual([])
  })

  test('the checker sees what zsh sees', () => {
    expect(unquotedGlobs("curl -s http://127.0.0.1:4010/v1/pets?limit=2 -H 'a: b'")).toEqual([
      'http://127.0.0.1:4010/v1/pets?limit=2',
    ])
    expect(unquotedGlobs("curl -s 'http://127.0.0.1:4010/v1/pets?limit=2' # ok? yes")).toEqual([])
    expect(unquotedGlobs('npm install msw@^3 x\\*y')).toEqual([])
  })

  test.each(['bash', 'zsh'])('each parses in %s (-n)', (name) => {
    const path = shell(name)
    if (!path) {
      // bash is everywhere; zsh only where installed (CI installs it, .ci/run).
      expect(name).toBe('zsh')
      if (process.env.CI === 'true') throw new Error('zsh is not installed: apt-get install -y zsh')
      return
    }
    for (const block of blocks) execFileSync(path, ['-n', '-c', block], { stdio: 'pipe' })
  })

  test.each(['bash', 'zsh'])(
    'the curl lines of the quick start survive %s as written (no glob, no word split)',
    (name) => {
      const path = shell(name)
      if (!path) return
      // Each curl line echoed instead of run: the shell expands it exactly as a user's would. In a
      // folder of its own, so a redirection in a line writes nothing into the clone.
      const curls = blocks.flatMap((block) => block.split('\n')).filter((line) => line.startsWith('curl '))
      expect(curls.length).toBeGreaterThan(0)
      const cwd = mkdtempSync(join(tmpdir(), 'petstore-readme-'))
      for (const line of curls) {
        const echoed = execFileSync(path, ['-c', `printf '%s\\n' ${line.replace(/\\$/, '').slice(5)}`], {
          encoding: 'utf8',
          cwd,
        })
        // The mock's API (4010) or the proxy's own endpoints (4020).
        expect(echoed).toMatch(/http:\/\/127\.0\.0\.1:(4010\/v1\/pets|4020\/__mock\/)/)
      }
      rmSync(cwd, { recursive: true, force: true })
    },
  )
})
