// `npm run` moves to the clone's root before it runs a script; a path the user typed in a subfolder
// must still be read from that subfolder (kit/node/whereTyped.ts, by npm's INIT_CWD). Here a HAR in a
// subfolder and a different HAR of the same name at the root: the subfolder's is the one read, and
// the --json the command writes lands beside it.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, jest, test } from '@jest/globals'
import { startMock } from '../support/startMock.ts'

jest.setTimeout(60_000)

const ROOT = join(import.meta.dirname, '..', '..')
const NAME = `where-typed-${process.pid}.har`
const SUBFOLDER = join(ROOT, 'reports', `where-typed-${process.pid}`)
const AT_ROOT = join(ROOT, NAME)

beforeAll(async () => {
  const mock = await startMock()
  try {
    await mock.get(undefined, '/pets?limit=1')
    writeFileSync(AT_ROOT, await (await mock.control('GET', 'requests.har')).text())
    await mock.get(undefined, '/pets?limit=2')
    await mock.get(undefined, '/pets/1')
    mkdirSync(SUBFOLDER, { recursive: true })
    writeFileSync(join(SUBFOLDER, NAME), await (await mock.control('GET', 'requests.har')).text())
  } finally {
    await mock.close()
  }
})

afterAll(() => {
  rmSync(AT_ROOT, { force: true })
  rmSync(SUBFOLDER, { recursive: true, force: true })
})

/** `npm run contract -- ARGS` typed in `cwd`, as a user would; its output whatever the exit code. */
function npmRunContract(args: string[], cwd: string): Promise<string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$)/.test(name)),
  )
  return new Promise((done) =>
    execFile(
      'npm',
      ['run', 'contract', '--', ...args],
      { cwd, env, timeout: 50_000 },
      (_error, stdout, stderr) => done(`${stdout}${stderr}`),
    ),
  )
}

test("coverage FILE typed in a subfolder reads that subfolder's FILE, not the root's", async () => {
  const output = await npmRunContract(['coverage', NAME, '--json', 'written/out.json'], SUBFOLDER)
  expect(output).toMatch(/^3 recorded requests under \/v1 in /m)
  expect(existsSync(join(SUBFOLDER, 'written', 'out.json'))).toBe(true)
  expect(existsSync(join(ROOT, 'written', 'out.json'))).toBe(false)
})

test("at the root, the same command reads the root's file (the rule is where you typed)", async () => {
  const output = await npmRunContract(['coverage', NAME], ROOT)
  expect(output).toMatch(/^1 recorded requests under \/v1 in /m)
})
