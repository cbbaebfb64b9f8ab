// `npm run test:package`: the package as a user gets it. `npm pack`, install the tarball with the
// README's line into a fresh Vitest 4 app (msw 2 results, one copy, shared with Vitest's mocker; no
// ERESOLVE, `npm ls` clean, no Swagger UI), then import every entry point by the package name, run
// requests through them, type-check a user's file against the shipped types, bundle the browser
// entry, start both bins, run the contract suite from the app's own Vitest and Jest, run the CI
// workflow's one-line command, and do the main of it again on the lowest Node that `engines` claims
// (the `node` package brings it), while an older Node gets one line from each bin. An app on msw 3
// (Vitest 5) gets the same line and the main checks, on this Node and on the floor.
// node:test, not Jest: Vite's bundler cannot run inside Jest's vm contexts.
import assert from 'node:assert/strict'
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'vite'
import { parse as parseYaml } from 'yaml'
import { servedServer } from '../../mocks/server/servedSpecAnswer.ts'
import { yamlWithServer } from '../../mocks/server/withServedServer.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const run = promisify(execFile)
// npm and its scripts (prepack) run on this Node, the one the project pins, not the system's. No
// npm_* variables from the `npm run` that started this test: the app is a user's, not ours.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
}
const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  version: string
  engines: { node: string }
  peerDependencies: { msw: string }
}
const NODE_FLOOR = (/^>=(\d+\.\d+\.\d+)$/.exec(manifest.engines.node) ?? [])[1] as string
/** A Node below the floor that teams still run (end of life, and msw 3 fails on it). */
const OLD_NODE = '20'
const KEY = 'petstore-dev-key'

type Ran = { code: number; stdout: string; stderr: string }
/** Runs a command; resolves its exit code and output whatever the code. */
const runAny = (file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) =>
  run(file, args, { env, timeout: 300_000, maxBuffer: 16 * 1024 * 1024, ...options }).then(
    ({ stdout, stderr }): Ran => ({ code: 0, stdout, stderr }),
    (error: Ran & { code: number | string }): Ran => ({ ...error, code: Number(error.code) }),
  )
const npm = (args: string[], cwd: string) => runAny('npm', args, { cwd })
const INSTALL = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']
/** The README's line is run with npm's warnings shown: an ERESOLVE override is only a warning. */
const WARNINGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn']
/** What npm prints when it installs past a peer conflict (`npm warn ERESOLVE overriding peer dependency`). */
const PEER_CONFLICT = /ERESOLVE|Conflicting peer|Could not resolve dependency/

/**
 * An app's script: the mock behind setupServer, started as the README's snippet starts it (both
 * msw majors' names for "fail a request no handler answers"), one response overridden with the
 * app's own msw and restored, and one unhandled request; prints what it saw as JSON.
 */
const NODE_REQUEST = `import { http, HttpResponse } from 'msw'
import { createPetStoreMockServer } from 'petstore-mock/node'
const mock = createPetStoreMockServer({ baseUrl: 'https://api.example.test/v1' })
mock.server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' })
const get = async () => {
  const response = await fetch('https://api.example.test/v1/pets?limit=2&status=sold', {
    headers: { authorization: 'Bearer petstore-dev-key' },
  })
  return { status: response.status, body: await response.json() }
}
const real = await get()
// The adopters' snippet: override one response for one test, then back to the mock.
mock.server.use(http.get('https://api.example.test/v1/pets', () => HttpResponse.json({ code: 'x', message: 'down', status: 503 }, { status: 503 })))
const overridden = await get()
mock.server.resetHandlers()
const restored = await get()
// msw reports the unhandled request on the console: kept, so stderr stays empty.
const logged = []
console.error = (...args) => logged.push(args.join(' '))
const unhandled = await fetch('http://127.0.0.1:9999/').then(() => 'answered', (error) => String(error.cause?.message ?? error.message))
console.log(JSON.stringify({ real, overridden, restored, unhandled, logged }))
mock.server.close()
`

/** What NODE_REQUEST printed holds: the mock answered, the override won, reset restored, the unhandled request failed. */
function assertRequests(stdout: string): void {
  type Answer = { status: number; body: { status: string }[] }
  const { real, overridden, restored, unhandled, logged } = JSON.parse(stdout) as Record<string, Answer> & {
    unhandled: string
    logged: string[]
  }
  assert.equal(real?.status, 200)
  assert.equal(real?.body.length, 2)
  assert.deepEqual(new Set(real?.body.map((pet) => pet.status)), new Set(['sold']))
  assert.equal(overridden?.status, 503)
  assert.deepEqual(restored, real)
  assert.match(unhandled, /Cannot bypass a request when using the "error" strategy/)
  assert.match(logged.join('\n'), /\[MSW\] Error: intercepted a request without a matching request handler/)
}

/** The path of a Node binary of `version`, as the `node` npm package installs it (cached by npx). */
async function nodeBinary(version: string, cwd: string): Promise<string> {
  const found = await runAny('npx', ['--yes', '-p', `node@${version}`, 'node', '-p', 'process.execPath'], {
    cwd,
  })
  assert.equal(found.code, 0, `npx could not bring node@${version}: ${found.stderr}`)
  return found.stdout.trim()
}

/**
 * The test snippets of the README and docs/adopters.md, as [file name, code]: each block starts with
 * a `// pets.*.test.js` line (the Vitest one in the README, the Jest one in adopters.md).
 */
async function readmeSnippets(): Promise<[string, string][]> {
  const pages = await Promise.all(
    ['README.md', 'docs/adopters.md'].map((page) => readFile(join(ROOT, page), 'utf8')),
  )
  const readme = pages.join('\n')
  return [...readme.matchAll(/```js\n\/\/ (pets\.(?:vitest|jest)\.test\.js)\n([\s\S]*?)```/g)].map(
    ([, file, code]) => [file as string, code as string],
  )
}

/**
 * The README's install line for an app (`npm install --save-dev ../petstore-mock/petstore-mock-0.1.0.tgz
 * 'msw@^2.10 || ^3'`), as npm's arguments with `tarball` in place of the file it names: the test installs exactly
 * what the README says. The README must name the file `npm pack` really writes.
 */
async function readmeInstall(tarball: string): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
  const line = /^cd \S+ && npm (install --save-dev \S+\.tgz[^\n#]*)/m.exec(readme)?.[1]
  assert.ok(line, 'the README has no `cd <app> && npm install --save-dev <tarball> ...` line')
  // Shell words: a quoted range (`'msw@^2.10 || ^3'`) is one word.
  const words = (line.trim().match(/'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^'(.*)'$/, '$1'))
  const named = words.find((word) => word.endsWith('.tgz')) as string
  assert.equal(
    named.split('/').at(-1),
    tarball.split('/').at(-1),
    'the README names the tarball npm pack writes',
  )
  return words.map((word) => (word === named ? tarball : word))
}

/** Starts the installed `petstore-mock` bin on a free port with `nodePath`; resolves its base URL. */
function startMockBin(
  nodePath: string,
  app: string,
  children: ChildProcess[],
  extra: string[] = [],
  output: { text: string } = { text: '' },
): Promise<string> {
  const bin = join(app, 'node_modules', 'petstore-mock', 'dist', 'bin', 'petstore-mock.js')
  const child = spawn(nodePath, [bin, '--port', '0', '--quiet', ...extra], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no startup line within 30 s: ${output.text}`)), 30_000)
    const read = (chunk: Buffer) => {
      output.text += chunk
      const url = /listening on (http:\/\/\S+\/v1)/.exec(output.text)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve(url)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code}: ${output.text}`))
    })
  })
}

describe('the packed package in a fresh app', { timeout: 900_000 }, () => {
  let work: string
  let app: string
  /** An app on msw 3 and Vitest 5 (whose mocker takes msw 3), installed into with the same line. */
  let msw3App: string
  /** What the README's line printed in each app. */
  const printed: Record<string, string> = {}
  let tarball: string
  /** The installed petstore-mock bin, running on this Node for the tests that need a server. */
  let baseUrl: string
  const children: ChildProcess[] = []

  /** Runs `node <file>` inside the app (with `nodePath`, this Node by default) and resolves its stdout. */
  const node = async (file: string, source: string, nodePath = process.execPath) => {
    await writeFile(join(app, file), source)
    return (await run(nodePath, [file], { cwd: app, env, timeout: 60_000 })).stdout
  }

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'petstore-package-'))
    app = join(work, 'app')
    await mkdir(app)
    const packed = await npm(['pack', '--pack-destination', work, '--silent'], ROOT)
    assert.equal(packed.code, 0, packed.stderr)
    const [name] = (await readdir(work)).filter((file) => file.endsWith('.tgz'))
    assert.ok(name, 'npm pack wrote no tarball')
    tarball = join(work, name)
    // A Vitest 4 app as a team has it (vitest@4's @vitest/mocker takes msw 2 only, as an optional
    // peer), then the README's own line. An app on msw 3 and Vitest 5 likewise. Jest sits one folder
    // up, where the apps' imports still find it.
    msw3App = join(work, 'msw3-app')
    await mkdir(msw3App)
    for (const folder of [app, msw3App])
      await writeFile(
        join(folder, 'package.json'),
        JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
      )
    await writeFile(join(work, 'package.json'), JSON.stringify({ name: 'runners', private: true }))
    const ready = await Promise.all([
      npm(['install', ...INSTALL, '--save-dev', 'vitest@4'], app),
      npm(['install', ...INSTALL, '--save-dev', 'vitest@5', 'msw@3'], msw3App),
      npm(['install', ...INSTALL, 'jest@^30', '@jest/globals@^30'], work),
    ])
    for (const step of ready) assert.equal(step.code, 0, step.stderr)
    const line = await readmeInstall(tarball)
    await Promise.all(
      [app, msw3App].map(async (folder) => {
        const installed = await npm([...line, ...WARNINGS], folder)
        assert.equal(installed.code, 0, installed.stderr)
        printed[folder] = `${installed.stdout}${installed.stderr}`
      }),
    )
    baseUrl = await startMockBin(process.execPath, app, children)
  })

  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    if (work) await rm(work, { recursive: true, force: true })
  })

  /** Runs the README's Vitest snippet, as written, with `folder`'s own Vitest on `nodePath`. */
  async function readmeVitest(folder: string, nodePath: string): Promise<void> {
    const [[file, code] = ['', '']] = await readmeSnippets()
    await writeFile(join(folder, file), code)
    const vitest = await runAny(
      nodePath,
      [join(folder, 'node_modules', 'vitest', 'vitest.mjs'), 'run', file],
      {
        cwd: folder,
        env: { ...env, CI: 'true' },
      },
    )
    assert.equal(vitest.code, 0, `${vitest.stdout}${vitest.stderr}`)
    assert.match(vitest.stdout, /1 passed/)
  }

  /** The README line's checks in `folder`: no peer conflict, `npm ls` clean, one msw of `major`. */
  async function oneMswNoConflict(folder: string, major: string): Promise<void> {
    assert.doesNotMatch(printed[folder] ?? '', PEER_CONFLICT)
    const all = await npm(['ls', '--all'], folder)
    assert.equal(all.code, 0, `${all.stdout}${all.stderr}`)
    const listed = await npm(['ls', 'msw', '--all', '--parseable'], folder)
    assert.deepEqual(listed.stdout.trim().split('\n'), [join(folder, 'node_modules', 'msw')])
    const msw = JSON.parse(await readFile(join(folder, 'node_modules', 'msw', 'package.json'), 'utf8'))
    assert.equal((msw as { version: string }).version.split('.')[0], major)
    const installed = JSON.parse(
      await readFile(join(folder, 'node_modules', 'petstore-mock', 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }
    assert.equal(installed.dependencies?.msw, undefined)
    assert.equal(installed.peerDependencies?.msw, manifest.peerDependencies.msw)
  }

  test("a Vitest 4 app: the README's line adds msw 2, one copy, Vitest's too; no ERESOLVE, npm ls exits 0", async () => {
    await oneMswNoConflict(app, '2')
    const listed = await npm(['ls', 'msw', '--all'], app)
    assert.match(listed.stdout, /@vitest\/mocker@4[\s\S]*msw@2\.\S+ deduped/)
  })

  test('no Swagger UI in the app: neither swagger-ui-dist (12 MB) nor @scarf/scarf (an install script)', async () => {
    const lock = JSON.parse(await readFile(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>
    }
    assert.deepEqual(
      Object.keys(lock.packages).filter((path) => /swagger-ui|@scarf/.test(path)),
      [],
    )
    assert.equal(existsSync(join(app, 'node_modules', 'swagger-ui-dist')), false)
  })

  test("an msw 3 app (Vitest 5): the README's line keeps msw 3, and setupServer and the README's Vitest snippet work", async () => {
    await oneMswNoConflict(msw3App, '3')
    await writeFile(join(msw3App, 'node-request.js'), NODE_REQUEST)
    const request = await runAny(process.execPath, ['node-request.js'], { cwd: msw3App })
    assert.equal(request.code, 0, request.stderr)
    assertRequests(request.stdout)
    await readmeVitest(msw3App, process.execPath)
  })

  test('the installed package carries its MIT LICENSE, repository and the README whose links leave the registry page', async () => {
    const installed = join(app, 'node_modules', 'petstore-mock')
    assert.match(await readFile(join(installed, 'LICENSE'), 'utf8'), /^MIT License\n/)
    const meta = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {
      license: string
      repository: { type: string; url: string }
    }
    assert.equal(meta.license, 'MIT')
    assert.match(meta.repository.url, /^git\+https:\/\/\S+\.git$/)
    // The README's links are relative to the repository (scripts/readmeLinks.test.ts): they work in a
    // clone and on its hosting site; the repository it names holds the pages they lead to.
    const readme = await readFile(join(installed, 'README.md'), 'utf8')
    assert.ok(readme.includes('](docs/'), 'the README links into docs/')
    assert.doesNotMatch(readme, /\]\(https?:\/\/github\.com\/petstore-mock\//)
  })

  test('petstore-mock/node answers through setupServer, and the app overrides one response with its msw', async () => {
    assertRequests(await node('node-request.js', NODE_REQUEST))
  })

  test('the root and spec entries load, and the shipped openapi.yaml validates', async () => {
    const stdout = await node(
      'root-and-spec.js',
      `import { createPetStoreHandlers, DEFAULT_API_KEY, seedPets } from 'petstore-mock'
import { loadSpec } from 'petstore-mock/spec'
const document = await loadSpec()
console.log(JSON.stringify({
  handlers: createPetStoreHandlers().handlers.length,
  key: DEFAULT_API_KEY,
  seed: seedPets.length,
  title: document.info.title,
}))
`,
    )
    const loaded = JSON.parse(stdout) as { handlers: number; key: string; seed: number; title: string }
    assert.ok(loaded.handlers > 0)
    assert.equal(loaded.key, 'petstore-dev-key')
    assert.equal(loaded.seed, 45)
    assert.ok(loaded.title.length > 0)
  })

  test("no worker script of its own: the app's msw has the one of its version", () => {
    const fromApp = createRequire(join(app, 'package.json'))
    assert.throws(
      () => fromApp.resolve('petstore-mock/mockServiceWorker.js'),
      /ERR_PACKAGE_PATH_NOT_EXPORTED/,
    )
    assert.match(readFileSync(fromApp.resolve('msw/mockServiceWorker.js'), 'utf8'), /PACKAGE_VERSION = '2\./)
  })

  test("a user's TypeScript type-checks against the shipped types (node and browser entries)", async () => {
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    )
    await writeFile(
      join(app, 'consumer.ts'),
      `import { HttpResponse, http } from 'msw'
import type { Pet, PetStoreHandlersOptions } from 'petstore-mock'
import { createPetStoreMockWorker, type PetStoreMockWorker } from 'petstore-mock/browser'
import { createPetStoreMockServer } from 'petstore-mock/node'
import { type CheckResult, type ContractReport, type RunOptions, runContract } from 'petstore-mock/contract'

const options: PetStoreHandlersOptions = { baseUrl: '/v1', apiKeys: ['k'], latencyMs: 0 }
const mock = createPetStoreMockServer(options)
mock.server.use(http.get('*/v1/pets', () => HttpResponse.json([] satisfies Pet[])))
const first: Pet | undefined = mock.store.list({ limit: 1 })[0]
export const name: string | undefined = first?.name

// The types are real, not \`any\`: each line below must be an error.
// @ts-expect-error status is a PetStatus
export const lost: Pet = { id: 1, name: 'Rex', categoryId: 1, status: 'lost' }
// @ts-expect-error latencyMs is a number
createPetStoreMockServer({ latencyMs: 'slow' })

export const start: PetStoreMockWorker['worker']['start'] = createPetStoreMockWorker().worker.start

const run: RunOptions = { baseUrl: 'http://127.0.0.1:8080/v1', apiKey: 'k', strict: true }
export const report: Promise<ContractReport> = runContract(run)
export const outcome = (result: CheckResult): 'pass' | 'fail' | 'skip' | 'waived' => result.outcome
// @ts-expect-error baseUrl is required
runContract({ apiKey: 'k' })
// @ts-expect-error a report's results are CheckResults, not strings
export const wrong: string[] = (await report).results
`,
    )
    const checked = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: app, env }).catch(
      (error: { stdout: string }) => error,
    )
    assert.equal(checked.stdout, '')
  })

  test('petstore-mock/browser bundles for the browser (Vite) with no Node built-ins in it', async () => {
    await mkdir(join(app, 'web'))
    await writeFile(join(app, 'web', 'index.html'), '<script type="module" src="./main.js"></script>')
    await writeFile(
      join(app, 'web', 'main.js'),
      `import { createPetStoreMockWorker } from 'petstore-mock/browser'
const { worker } = createPetStoreMockWorker({ baseUrl: '/v1' })
await worker.start({ onUnhandledFrame: 'bypass' })
`,
    )
    const outDir = join(app, 'web-dist')
    await build({
      configFile: false,
      root: join(app, 'web'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2_000 },
    })
    const assets = await readdir(join(outDir, 'assets'))
    const code = (
      await Promise.all(
        assets
          .filter((file) => file.endsWith('.js'))
          .map((file) => readFile(join(outDir, 'assets', file), 'utf8')),
      )
    ).join('\n')
    assert.match(code, /petstore mock/)
    assert.doesNotMatch(code, /from\s*["']node:|__vite-browser-external|swagger-parser/)
  })

  test('the petstore-mock bin serves the API, and the petstore-contract bin checks it', async () => {
    const response = await fetch(`${baseUrl}/pets`, { headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(response.status, 200)
    assert.equal(((await response.json()) as unknown[]).length, 20)
    const origin = baseUrl.replace(/\/v1$/, '')
    const spec = await fetch(`${origin}/__mock/openapi.yaml`)
    // The packaged file, with the mock, as reached, first among its servers.
    const packaged = await readFile(join(ROOT, 'spec', 'openapi.yaml'), 'utf8')
    assert.equal(await spec.text(), yamlWithServer(packaged, servedServer(origin, '/v1')))
    // Swagger UI is an optional peer, not installed here: the docs page and its files say how to add it.
    for (const path of ['/__mock/docs/', '/__mock/docs/swagger-ui-bundle.js']) {
      const docs = await fetch(`${origin}${path}`)
      assert.equal(docs.status, 404, path)
      assert.match(
        ((await docs.json()) as { message: string }).message,
        /^Swagger UI is optional and not installed beside this mock: npm install --save-dev swagger-ui-dist adds it/,
      )
    }

    // The petstore-contract bin, as another team runs it against its own server: here, the mock.
    const contract = join(app, 'node_modules', '.bin', 'petstore-contract')
    const passed = await runAny(contract, ['-u', baseUrl, '-k', KEY, '--strict'], { cwd: app })
    assert.equal(passed.code, 0, passed.stdout)
    assert.match(passed.stdout, /Result: conforms/)
    const refused = await runAny(contract, ['--base-url', baseUrl, '--api-key', 'not-the-key'], { cwd: app })
    assert.equal(refused.code, 2)
    assert.equal(`${refused.stdout}${refused.stderr}`.match(/rejected the API key everywhere/g)?.length, 1)
  })

  test('each bin names itself in --help and prints the version with --version', async () => {
    for (const bin of ['petstore-mock', 'petstore-contract']) {
      const path = join(app, 'node_modules', '.bin', bin)
      const help = await runAny(path, ['-h'], { cwd: app })
      assert.equal(help.code, 0)
      assert.match(help.stdout, new RegExp(`^Usage: ${bin} `))
      assert.doesNotMatch(help.stdout, /npm (start|run)/)
      const version = await runAny(path, ['--version'], { cwd: app })
      assert.deepEqual(version, { code: 0, stdout: `${manifest.version}\n`, stderr: '' })
    }
  })

  test('the installed bin serves --spec FILE (watched with -w) and /__mock/openapi.yaml is that file', async () => {
    const packaged = await readFile(join(ROOT, 'spec', 'openapi.yaml'), 'utf8')
    const copy = packaged.replace(/maximum: 100\n(\s+)default: 20/, 'maximum: 30\n$1default: 20')
    assert.notEqual(copy, packaged)
    await writeFile(join(app, 'my-openapi.yaml'), copy)
    const output = { text: '' }
    const url = await startMockBin(
      process.execPath,
      app,
      children,
      ['--spec', 'my-openapi.yaml', '-w'],
      output,
    )
    const status = async (limit: number) =>
      (await fetch(`${url}/pets?limit=${limit}`, { headers: { authorization: `Bearer ${KEY}` } })).status
    assert.equal(await status(31), 400)
    assert.equal(await status(30), 200)
    const origin = url.replace(/\/v1$/, '')
    assert.equal(
      await (await fetch(`${origin}/__mock/openapi.yaml`)).text(),
      yamlWithServer(copy, servedServer(origin, '/v1')),
    )
    assert.match(output.text, /Watching my-openapi\.yaml for changes/)
    // Without --spec, -w watches the packaged copy, and says how to watch one's own.
    const packagedOutput = { text: '' }
    await startMockBin(process.execPath, app, children, ['-w'], packagedOutput)
    assert.match(packagedOutput.text, /node_modules[\s\S]*pass --spec FILE/)
  })

  /** Copies an example of examples/contract-in-your-tests into the app and runs it with `args`. */
  async function runExample(file: string, command: string[], key: string): Promise<Ran> {
    await writeFile(
      join(app, file),
      await readFile(join(ROOT, 'examples', 'contract-in-your-tests', file), 'utf8'),
    )
    const withTarget = { ...env, PETSTORE_BASE_URL: baseUrl, PETSTORE_API_KEY: key, CI: 'true' }
    return runAny(process.execPath, command, { cwd: app, env: withTarget })
  }

  test("petstore-mock/contract in the app's own Vitest: passes against the mock, fails with a wrong key", async () => {
    const vitest = [join(app, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'contract.vitest.test.js']
    const passed = await runExample('contract.vitest.test.js', vitest, KEY)
    assert.equal(passed.code, 0, `${passed.stdout}${passed.stderr}`)
    assert.match(passed.stdout, /1 passed/)
    const failed = await runExample('contract.vitest.test.js', vitest, 'not-the-key')
    assert.equal(failed.code, 1)
    assert.match(`${failed.stdout}${failed.stderr}`, /rejected the API key everywhere/)
  })

  test("petstore-mock/contract in the app's own Jest: passes against the mock, fails with a wrong key", async () => {
    await writeFile(
      join(app, 'jest.config.json'),
      JSON.stringify({ transform: {}, testMatch: ['**/*.jest.test.js'] }),
    )
    const jest = [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      join(work, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--config',
      'jest.config.json',
      'contract.jest.test.js',
    ]
    const passed = await runExample('contract.jest.test.js', jest, KEY)
    assert.equal(passed.code, 0, `${passed.stdout}${passed.stderr}`)
    assert.match(passed.stderr, /Tests:\s+1 passed, 1 total/)
    const failed = await runExample('contract.jest.test.js', jest, 'not-the-key')
    assert.equal(failed.code, 1)
    assert.match(failed.stderr, /Tests:\s+1 failed, 1 total/)
  })

  test("the README's Vitest and Jest snippets run as written in the app's own Vitest and Jest", async () => {
    const snippets = await readmeSnippets()
    assert.deepEqual(
      snippets.map(([file]) => file),
      ['pets.vitest.test.js', 'pets.jest.test.js'],
    )
    for (const [file, code] of snippets) await writeFile(join(app, file), code)
    await readmeVitest(app, process.execPath)
    await writeFile(
      join(app, 'jest.config.json'),
      JSON.stringify({ transform: {}, testMatch: ['**/*.jest.test.js'] }),
    )
    const jest = await runAny(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        join(work, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--config',
        'jest.config.json',
        'pets.jest.test.js',
      ],
      { cwd: app, env: { ...env, CI: 'true' } },
    )
    assert.equal(jest.code, 0, `${jest.stdout}${jest.stderr}`)
    assert.match(jest.stderr, /Tests:\s+1 passed, 1 total/)
  })

  test("the CI workflow's install-and-check steps install the pinned tarball, refuse another, and run the suite", async () => {
    const workflow = await readFile(join(ROOT, '.github', 'workflows', 'contract-staging.yml'), 'utf8')
    // Nothing fetched by a name this project does not own yet (docs/install.md), and no clone.
    assert.doesNotMatch(workflow, /\bnpx\b|-p petstore-mock|install[^\n]*\bpetstore-mock(@|\s|$)/m)
    assert.doesNotMatch(workflow, /uses: actions\/checkout|run: npm ci/)
    const steps = (
      parseYaml(workflow) as { jobs: { contract: { steps: { name?: string; run?: string }[] } } }
    ).jobs.contract.steps
    const install = steps.find((step) => /install/i.test(step.name ?? ''))?.run
    const check = steps.find((step) => step.run?.includes('petstore-contract'))?.run
    assert.ok(install && check, 'the workflow has an install step and a petstore-contract step')
    const sha512 = createHash('sha512')
      .update(await readFile(tarball))
      .digest('hex')
    const job = async (folder: string, digest: string) => {
      const cwd = join(work, folder)
      await mkdir(cwd)
      const variables = {
        ...env,
        PETSTORE_MOCK_TARBALL_URL: pathToFileURL(tarball).href,
        PETSTORE_MOCK_TARBALL_SHA512: digest,
        PETSTORE_BASE_URL: baseUrl,
        PETSTORE_API_KEY: KEY,
      }
      // GitHub runs each `run:` with bash -e.
      const installed = await runAny('bash', ['-e', '-c', install], { cwd, env: variables })
      return { cwd, installed, variables }
    }
    const tampered = await job(
      'ci-job-tampered',
      sha512.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    )
    assert.notEqual(tampered.installed.code, 0, 'a tarball with another checksum is refused')
    assert.equal(existsSync(join(tampered.cwd, 'node_modules')), false)
    const { cwd: empty, installed, variables } = await job('ci-job', sha512)
    assert.equal(installed.code, 0, `${installed.stdout}${installed.stderr}`)
    const ci = await runAny('bash', ['-e', '-c', check], { cwd: empty, env: variables })
    assert.equal(ci.code, 0, `${ci.stdout}${ci.stderr}`)
    assert.match(ci.stdout, /Result: conforms/)
    const junit = await readFile(join(empty, 'reports', 'contract', 'junit.xml'), 'utf8')
    assert.match(
      junit,
      /^<\?xml[^>]*\?>\s*<testsuites name="petstore-contract" tests="[1-9]\d*" failures="0"/,
    )
  })

  test(`on the floor of engines (Node ${NODE_FLOOR}): setupServer (msw 2 and 3), Vitest, both bins and the contract export work, with no warning`, async () => {
    const floor = await nodeBinary(NODE_FLOOR, work)
    assert.equal((await run(floor, ['-p', 'process.versions.node'])).stdout.trim(), NODE_FLOOR)
    for (const folder of [app, msw3App]) {
      await writeFile(join(folder, 'node-request.js'), NODE_REQUEST)
      const request = await runAny(floor, ['node-request.js'], { cwd: folder })
      assert.equal(request.code, 0, request.stderr)
      assert.equal(request.stderr, '')
      assertRequests(request.stdout)
      // The case: a Vitest run with the README's snippet, on the floor (Node 20 failed inside msw).
      await readmeVitest(folder, floor)
    }

    const floorUrl = await startMockBin(floor, app, children)
    const contractBin = join(app, 'node_modules', 'petstore-mock', 'dist', 'bin', 'petstore-contract.js')
    // The key in the environment, as documented: on the command line it would draw CI's warning.
    const checked = await runAny(floor, [contractBin, '-u', floorUrl, '--strict'], {
      cwd: app,
      env: { ...process.env, PETSTORE_API_KEY: KEY },
    })
    assert.equal(checked.code, 0, checked.stdout)
    assert.equal(checked.stderr, '')
    await writeFile(
      join(app, 'contract-from-code.js'),
      `import { runContract } from 'petstore-mock/contract'
const report = await runContract({ baseUrl: process.argv[2], apiKey: 'petstore-dev-key' })
console.log(JSON.stringify({ failed: report.failed, results: report.results.length }))
`,
    )
    const ran = await runAny(floor, ['contract-from-code.js', floorUrl], { cwd: app })
    assert.equal(ran.code, 0, ran.stderr)
    assert.equal(ran.stderr, '')
    assert.equal((JSON.parse(ran.stdout) as { failed: boolean }).failed, false)
  })

  test(`below the floor (Node ${OLD_NODE}): each bin exits 2 with one line naming the Node it needs`, async () => {
    const old = await nodeBinary(OLD_NODE, work)
    for (const bin of ['petstore-mock', 'petstore-contract']) {
      const path = join(app, 'node_modules', 'petstore-mock', 'dist', 'bin', `${bin}.js`)
      const result = await runAny(old, [path, '--port', '0'], { cwd: app })
      assert.equal(result.code, 2)
      assert.equal(result.stdout, '')
      assert.match(
        result.stderr,
        new RegExp(
          `^${bin}: needs Node ${NODE_FLOOR.replaceAll('.', '\\.')} or later; this is Node ${OLD_NODE}\\.[^\n]*\n$`,
        ),
      )
    }
  })

  test(`below the floor (Node ${OLD_NODE}): each library entry fails at import with one sentence naming the Node it needs`, async () => {
    const old = await nodeBinary(OLD_NODE, work)
    for (const entry of [
      'petstore-mock',
      'petstore-mock/node',
      'petstore-mock/http',
      'petstore-mock/spec',
      'petstore-mock/contract',
    ]) {
      await writeFile(join(app, 'old-node.mjs'), `import '${entry}'\n`)
      const result = await runAny(old, ['old-node.mjs'], { cwd: app })
      assert.equal(result.code, 1, entry)
      // The sentence, not msw's `Promise.withResolvers is not a function` from deep inside.
      assert.match(
        result.stderr,
        new RegExp(
          `Error: petstore-mock needs Node ${NODE_FLOOR.replaceAll('.', '\\.')} or later \\(engines\\.node\\); this is Node ${OLD_NODE}\\.`,
        ),
        entry,
      )
      assert.doesNotMatch(result.stderr, /withResolvers/, entry)
    }
  })

  test('an app on msw 2.9 (below the range): npm refuses the install naming the peer, and a forced install fails at import with one sentence', async () => {
    const range = manifest.peerDependencies.msw.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const old = join(work, 'msw2-app')
    await mkdir(old)
    await writeFile(
      join(old, 'package.json'),
      JSON.stringify({ name: 'msw2-app', private: true, type: 'module' }),
    )
    assert.equal((await npm(['install', ...INSTALL, 'msw@~2.9'], old)).code, 0)
    const refused = await npm(['install', ...INSTALL, tarball], old)
    assert.notEqual(refused.code, 0)
    assert.match(refused.stderr, new RegExp(`ERESOLVE[\\s\\S]*peer msw@"${range}"[\\s\\S]*petstore-mock`))
    const forced = await npm(['install', ...INSTALL, '--legacy-peer-deps', tarball], old)
    assert.equal(forced.code, 0, forced.stderr)
    await writeFile(join(old, 'use.js'), "import 'petstore-mock/node'\n")
    const used = await runAny(process.execPath, ['use.js'], { cwd: old })
    assert.equal(used.code, 1)
    assert.match(
      used.stderr,
      new RegExp(`petstore-mock needs msw ${range} \\(a peer dependency\\); found msw 2\\.9\\.`),
    )
  })
})
