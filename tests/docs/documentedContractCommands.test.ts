// Every contract-suite command the documentation shows (README, docs/, the workflows, .ci/run) is run
// as written, against a mock on 127.0.0.1 that accepts only a secret key, handed over the documented
// way (PETSTORE_API_KEY, or the file an --api-key-file names). The key must reach the mock, and
// appear in nothing the command prints (npm's echo of the command line included) or writes.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { documentedLines, markdownFiles } from '../../scripts/documentation/documentedShell.ts'
import { wordsOf } from '../../scripts/documentedWrites.ts'
import { SPEC_PATH } from '../../spec/specPath.ts'

jest.setTimeout(60_000)

const ROOT = join(import.meta.dirname, '..', '..')
const SECRET = `doc-secret-${randomBytes(8).toString('hex')}`
const BIN = join(ROOT, 'bin', 'petstore-contract.ts')

/** Whether a command line runs the contract suite (not contract:prism, not contract:jest). */
const runsTheSuite = (line: string) => {
  const words = wordsOf(line)
  return words.some(
    (word, i) =>
      /(^|\/)petstore-contract$/.test(word) ||
      word.endsWith('contract-tests/cli.ts') ||
      (word === 'contract' && words[i - 1] === 'run' && words[i - 2] === 'npm'),
  )
}

/**
 * Whole commands in the pages' tables (the README's "who types what first"). Code spans in running
 * prose name a command or a flag (`petstore-contract --replay`), not a line to paste.
 */
const INLINE =
  /`((?:npm run contract --|(?:npx --no-install |node_modules\/\.bin\/)?petstore-contract) [^`]+)`/g
const tableRows = (page: string) =>
  readFileSync(join(ROOT, page), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .join('\n')
const inline = markdownFiles(ROOT).flatMap((page) =>
  [...tableRows(page).matchAll(INLINE)].map((match) => ({
    source: `${page} (inline)`,
    line: match[1] as string,
    env: undefined,
  })),
)
const COMMANDS = [...documentedLines(ROOT), ...inline].filter(({ line }) => runsTheSuite(line))

let mock: HttpMock
let baseUrl: string
let har: string
let arrived = 0
const workspace = join(ROOT, 'reports', `documented-commands-${process.pid}`)

beforeAll(async () => {
  mock = createHttpMock({ apiKeys: [SECRET] })
  mock.server.prependListener('request', (request) => {
    if (request.headers.authorization === `Bearer ${SECRET}`) arrived++
  })
  baseUrl = await listen(mock, 0, '127.0.0.1')
  const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' }
  await fetch(`${baseUrl}/pets?limit=2`, { headers })
  await fetch(`${baseUrl}/pets`, { method: 'POST', headers, body: '{"name":"Rex","categoryId":1}' })
  har = await (await fetch(`${baseUrl.replace(/\/v1$/, '')}/__mock/requests.har`, { headers })).text()
  expect(har).not.toContain(SECRET)
})

afterAll(async () => {
  mock.server.closeAllConnections()
  await new Promise((done) => mock.server.close(done))
  rmSync(workspace, { recursive: true, force: true })
})

/** Files under `folder` with their modification times. */
function filesOf(folder: string): Map<string, number> {
  const files = new Map<string, number>()
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    const stat = statSync(join(folder, name))
    if (stat.isFile()) files.set(join(folder, name), stat.mtimeMs)
  }
  return files
}

/** The line with every base URL pointed at the mock and the installed bin run from this clone. */
function rewritten(line: string): string {
  return line
    .replace(/(--base-url|-u)(=|\s+)("[^"]*"|'[^']*'|\S+)/g, `$1$2'${baseUrl}'`)
    .replace(/PETSTORE_BASE_URL=("[^"]*"|'[^']*'|\S+)/g, `PETSTORE_BASE_URL='${baseUrl}'`)
    .replace(
      /(^|\s)(?:npx --no-install |node_modules\/\.bin\/)?petstore-contract(?=\s|$)/g,
      `$1node '${BIN}'`,
    )
}

/** Puts what the command reads where it looks: HARs, another spec, the key file. Returns the key files. */
function prepareInputs(line: string, typed: string, env: Record<string, string>): string[] {
  const words = wordsOf(line)
  const expand = (word: string) => word.replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? '')
  const place = (word: string, text: string | undefined, copy?: string) => {
    const path = resolve(typed, expand(word))
    mkdirSync(dirname(path), { recursive: true })
    if (copy) copyFileSync(copy, path)
    else writeFileSync(path, text ?? '')
    return path
  }
  const keyFiles: string[] = []
  words.forEach((word, i) => {
    const next = words[i + 1]
    if (next === undefined) return
    if (word === '--replay' || word === 'coverage' || word === 'breaks') place(next, har)
    else if (word === '--spec') place(next, undefined, SPEC_PATH)
    else if (word === '--api-key-file') keyFiles.push(place(next, `${SECRET}\n`))
  })
  return keyFiles
}

/** The environment of a documented command: a clean one, the key, and a workflow step's own `env:`. */
function environmentFor(stepEnv: Record<string, string> | undefined): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(PETSTORE_|npm_|INIT_CWD$|GITHUB_STEP_SUMMARY$)/.test(name),
    ),
  ) as Record<string, string>
  const step = Object.fromEntries(
    Object.entries(stepEnv ?? {}).map(([name, value]) => [
      name,
      name.endsWith('BASE_URL')
        ? baseUrl
        : name.endsWith('API_KEY')
          ? SECRET
          : value.includes('${{')
            ? ''
            : value,
    ]),
  )
  // A short run: the key's way in, not the search, is what this test is about. The variables give
  // way to a flag the command itself sets.
  return {
    ...clean,
    PETSTORE_API_KEY: SECRET,
    PETSTORE_BUDGET: '1seq',
    PETSTORE_READ_ONLY: '1',
    RUNNER_TEMP: workspace,
    ...step,
  }
}

/** Runs one documented line as written, in a fresh folder of the clone; what it printed and wrote. */
async function runDocumented(line: string, stepEnv?: Record<string, string>) {
  const typed = join(workspace, `typed-${randomBytes(4).toString('hex')}`)
  mkdirSync(typed, { recursive: true })
  const env = environmentFor(stepEnv)
  const command = rewritten(line)
  const keyFiles = prepareInputs(command, typed, env)
  const before = filesOf(workspace)
  const sentBefore = arrived
  // In a folder of the clone: npm finds the project above it, as it does for a user in a subfolder.
  const { code, output } = await new Promise<{ code: number; output: string }>((done) =>
    execFile('bash', ['-c', command], { cwd: typed, env, timeout: 50_000 }, (error, stdout, stderr) =>
      done({
        code: error ? Number((error as { code?: number }).code ?? 99) : 0,
        output: `${stdout}${stderr}`,
      }),
    ),
  )
  const written = [...filesOf(workspace)]
    .filter(([path, mtime]) => before.get(path) !== mtime && !keyFiles.includes(path))
    .map(([path]) => path)
  const leaks = [output, ...written.map((path) => readFileSync(path, 'utf8'))].filter((text) =>
    text.includes(SECRET),
  )
  return { code, output, written, leaks: leaks.length, arrived: arrived - sentBefore }
}

/** Commands that judge recorded traffic or print text: they send nothing to a target. */
const sendsNothing = (line: string) =>
  wordsOf(line).some((word) => ['coverage', 'breaks', '--help', '-h', '--version', '-v'].includes(word))

describe('documented contract-suite commands keep the key secret', () => {
  test('there are commands to run, from the README, docs/, the workflow and .ci/run', () => {
    const sources = new Set(COMMANDS.map(({ source }) => source.replace(/[: ].*$/, '')))
    expect([...sources]).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/contract-in-ci.md',
        '.github/workflows/contract-staging.yml',
        '.ci/run',
      ]),
    )
    expect(COMMANDS.length).toBeGreaterThan(10)
  })

  test.each(COMMANDS.map((command) => [`${command.source}: ${command.line}`, command] as const))(
    '%s',
    async (_name, { line, env: stepEnv }) => {
      const run = await runDocumented(line, stepEnv)
      expect({ leaks: run.leaks }).toEqual({ leaks: 0 })
      if (!sendsNothing(line)) {
        // The key arrived: the mock saw requests with it, and the run was not refused (all 401: ABORTED).
        expect(run.arrived).toBeGreaterThan(0)
        expect(run.output).not.toMatch(/ABORTED/)
      }
      // Exit 2 is a usage error, an aborted or a cut run: no documented command may end so.
      expect({ code: run.code, output: run.code === 2 ? run.output : '' }).toEqual({
        code: run.code,
        output: '',
      })
      expect([0, 1]).toContain(run.code)
    },
  )
})

describe('the test sees what it must refuse', () => {
  test("a key on npm run's command line is caught: npm echoes it", async () => {
    const run = await runDocumented(
      'npm run contract -- --base-url https://staging.example.com/v1 --api-key "$PETSTORE_API_KEY" --help',
    )
    expect(run.leaks).toBeGreaterThan(0)
  })

  test('a command whose key never arrived is caught: nothing reached the mock with it', async () => {
    const run = await runDocumented(
      'PETSTORE_API_KEY=not-the-key npm run contract -- --base-url https://staging.example.com/v1 --read-only',
    )
    expect(run.arrived).toBe(0)
    expect(run.output).toMatch(/ABORTED/)
  })
})
