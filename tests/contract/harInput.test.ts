// A HAR given to `--replay`, `coverage` or `breaks` is untrusted input: anything but a regular file
// is refused without reading it (a FIFO used to hang for ever, /dev/zero to read 0.7 GB), so is a
// file over the byte limit (a sparse 1 GiB file, by its size alone) and a shape past the limits,
// each with one line and exit 2; the worst shape accepted stays within the peak docs/replay.md states.
// No message prints what a file holds (a path may be a symlink to a secret).
import { execFile } from 'node:child_process'
import { mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { HAR_SHAPE_LIMITS } from '../../har/readHar.ts'
import { HAR_MAX_BYTES } from '../../har/readHarFile.ts'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..')
const CLI = join(ROOT, 'contract-tests', 'cli.ts')
/** Nothing listens there: the HAR is refused before any request would be sent. */
const UNREACHABLE = 'http://127.0.0.1:9/v1'
/** The peak RSS docs/replay.md states for the worst accepted HAR, with room for a loaded machine. */
const WORST_PEAK_MIB = 640

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-har-input-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs the CLI; never waits more than 20 s (a FIFO that blocks fails the test instead of hanging it). */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    // The key as CI passes it (from the environment): --api-key under CI=true adds a warning line.
    const env = { ...process.env, PETSTORE_API_KEY: 'k' }
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: 20_000, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; killed?: boolean; stdout: string; stderr: string }
    if (failed.killed) throw new Error(`the CLI hung on ${args.join(' ')}`)
    return { code: failed.code ?? -1, stdout: failed.stdout, stderr: failed.stderr }
  }
}

const commands = (file: string): Array<[string, string[]]> => [
  ['--replay', ['-u', UNREACHABLE, '--replay', file]],
  ['coverage', ['coverage', file]],
  ['breaks', ['breaks', file, '--spec', join(ROOT, 'spec', 'openapi.yaml')]],
]

async function expectRefused(file: string, why: RegExp): Promise<void> {
  const answers = await Promise.all(
    commands(file).map(async ([name, args]) => ({ name, ...(await cli(args)) })),
  )
  for (const { name, ...answer } of answers) {
    expect({ name, code: answer.code }).toEqual({ name, code: 2 })
    const [first] = answer.stderr.split('\n')
    expect(first).toMatch(why)
    expect(answer.stdout).toBe('')
  }
}

describe('a HAR file is untrusted input', () => {
  test('a FIFO is refused at once, never waited on', async () => {
    const fifo = join(dir, 'fifo.har')
    await run('mkfifo', [fifo])
    await expectRefused(fifo, /fifo\.har: not a regular file/)
  }, 60_000)

  test('a device (/dev/zero) and a folder are refused without reading them', async () => {
    await expectRefused('/dev/zero', /\/dev\/zero: not a regular file/)
    await expectRefused(dir, /not a regular file/)
  }, 60_000)

  test('a sparse 1 GiB file is refused by its size, and so is one byte over the limit', async () => {
    const sparse = join(dir, 'sparse.har')
    const handle = await open(sparse, 'w')
    await handle.truncate(1024 ** 3)
    await handle.close()
    await expectRefused(sparse, new RegExp(`${1024 ** 3} bytes, over the ${HAR_MAX_BYTES}-byte limit`))
    const over = join(dir, 'over.har')
    await writeFile(over, `{"log":{"entries":[]}}${' '.repeat(HAR_MAX_BYTES)}`.slice(0, HAR_MAX_BYTES + 1))
    await expectRefused(over, /over the \d+-byte limit/)
  }, 60_000)

  test('a shape past the limits (too deep, too many containers) is refused before it is parsed', async () => {
    const deep = join(dir, 'deep.har')
    const depth = HAR_SHAPE_LIMITS.maxDepth
    await writeFile(deep, `{"log":{"entries":[],"_x":${'['.repeat(depth)}${']'.repeat(depth)}}}`)
    await expectRefused(deep, new RegExp(`nested deeper than ${depth} levels`))
    const wide = join(dir, 'wide.har')
    await writeFile(wide, `{"log":{"entries":[${'[],'.repeat(HAR_SHAPE_LIMITS.maxContainers)}[]]}}`)
    await expectRefused(wide, new RegExp(`more than ${HAR_SHAPE_LIMITS.maxContainers} objects and arrays`))
  }, 60_000)

  test('no message prints what a file holds: a HAR, --spec or --api-key-file linked to a text file', async () => {
    const text = join(dir, 'passwd')
    await writeFile(text, 'root:x:0:0:S3CRET-ONE:/root:/bin/bash\nS3CRET-TWO: [x\n')
    const broken = join(dir, 'broken.json')
    await writeFile(broken, '{"S3CRET-THREE": tru')
    const empty = join(dir, 'empty.har')
    await writeFile(empty, '{"log":{"entries":[]}}')
    const answers = []
    for (const target of [text, broken]) {
      const link = join(dir, `link-to-${target === text ? 'text' : 'json'}.har`)
      await symlink(target, link)
      const runs: Array<[string, string[]]> = [
        ...commands(link),
        ['--spec', ['-u', UNREACHABLE, '--spec', link]],
        ['--api-key-file', ['-u', UNREACHABLE, '--api-key-file', link]],
        ['coverage --spec', ['coverage', empty, '--spec', link]],
      ]
      answers.push(...(await Promise.all(runs.map(async ([name, args]) => ({ name, ...(await cli(args)) })))))
    }
    for (const { name, code, stdout, stderr } of answers) {
      expect({ name, code }).toEqual({ name, code: 2 })
      const printed = `${stdout}${stderr}`
      expect({ name, printed }).toEqual({ name, printed: expect.not.stringMatching(/S3CRET|root:x/) })
      // A HAR that is not JSON is said so, with where the parse stopped when JSON.parse says where.
      if (commands('').some(([command]) => command === name))
        expect(stderr.split('\n')[0]).toMatch(/not JSON( at position \d+ \(line \d+ column \d+\))?$/)
    }
  }, 60_000)

  test('the worst shape accepted (most names in one object, the rest one string) peaks within the stated RSS', async () => {
    // Half the values as names of one object (a dictionary, the costliest per value measured), each
    // holding a double, and the remaining bytes one string: the worst of the shapes in docs/replay.md.
    const names = HAR_SHAPE_LIMITS.maxValues / 2 - 8
    const members = Array.from({ length: names }, (_, i) => `"${i.toString(36)}":0.5`).join(',')
    const head = `{"log":{"version":"1.2","entries":[],"_x":[{${members}},"`
    const tail = '"]}}'
    const worst = join(dir, 'worst.har')
    await writeFile(worst, `${head}${'a'.repeat(HAR_MAX_BYTES - head.length - tail.length)}${tail}`)
    const probe = `const { readHarFile } = await import(${JSON.stringify(join(ROOT, 'har', 'readHarFile.ts'))})
      const exchanges = await readHarFile(${JSON.stringify(worst)})
      console.log(JSON.stringify({ entries: exchanges.length, peakMiB: process.resourceUsage().maxRSS / 1024 }))`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], { timeout: 20_000 })
    const measured = JSON.parse(stdout) as { entries: number; peakMiB: number }
    expect(measured.entries).toBe(0)
    expect(measured.peakMiB).toBeLessThan(WORST_PEAK_MIB)
  }, 60_000)
})
