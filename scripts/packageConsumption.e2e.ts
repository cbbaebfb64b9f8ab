// `npm run test:package`: the package as a user gets it. `npm pack`, install the tarball into a fresh
// app, then import every entry point by the package name, run requests through them, type-check a
// user's file against the shipped types, bundle the browser entry, and start the `petstore-mock` bin.
// node:test, not Jest: Vite's bundler cannot run inside Jest's vm contexts.
import assert from 'node:assert/strict'
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { build } from 'vite'

const ROOT = join(import.meta.dirname, '..')
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const run = promisify(execFile)
// npm and its scripts (prepack) run on this Node, the one the project pins, not the system's.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` }

describe('the packed package in a fresh app', { timeout: 180_000 }, () => {
  let work: string
  let app: string
  const children: ChildProcess[] = []

  /** Runs `node <file>` inside the app and resolves its stdout. */
  const node = async (file: string, source: string) => {
    await writeFile(join(app, file), source)
    return (await run(process.execPath, [file], { cwd: app, env, timeout: 30_000 })).stdout
  }

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'petstore-package-'))
    app = join(work, 'app')
    await mkdir(app)
    const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env, timeout: 120_000 })
    await npm(['pack', '--pack-destination', work, '--silent'], ROOT)
    const [tarball] = (await readdir(work)).filter((name) => name.endsWith('.tgz'))
    assert.ok(tarball, 'npm pack wrote no tarball')
    await writeFile(
      join(app, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    )
    await npm(
      ['install', join(work, tarball), '--prefer-offline', '--no-audit', '--no-fund', '--silent'],
      app,
    )
  })

  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    if (work) await rm(work, { recursive: true, force: true })
  })

  test('petstore-mock/node answers a request through setupServer', async () => {
    const stdout = await node(
      'node-request.js',
      `import { createPetStoreMockServer } from 'petstore-mock/node'
const mock = createPetStoreMockServer({ baseUrl: 'https://api.example.test/v1' })
mock.server.listen({ onUnhandledFrame: 'error' })
const response = await fetch('https://api.example.test/v1/pets?limit=2&status=sold', {
  headers: { authorization: 'Bearer petstore-dev-key' },
})
console.log(JSON.stringify({ status: response.status, body: await response.json() }))
mock.server.close()
`,
    )
    const { status, body } = JSON.parse(stdout) as { status: number; body: { status: string }[] }
    assert.equal(status, 200)
    assert.equal(body.length, 2)
    assert.deepEqual(new Set(body.map((pet) => pet.status)), new Set(['sold']))
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

  test('the exports map reaches the worker script, and it is the worker of the msw the package uses', async () => {
    const fromApp = createRequire(join(app, 'package.json'))
    const worker = await readFile(fromApp.resolve('petstore-mock/mockServiceWorker.js'), 'utf8')
    const mswWorker = await readFile(fromApp.resolve('msw/mockServiceWorker.js'), 'utf8')
    assert.match(worker, /Mock Service Worker/)
    assert.equal(worker, mswWorker)
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
    const child = spawn(join(app, 'node_modules', '.bin', 'petstore-mock'), ['--port', '0', '--quiet'], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no startup line within 15 s: ${output}`)), 15_000)
      const read = (chunk: Buffer) => {
        output += chunk
        const url = /listening on (http:\/\/\S+\/v1)/.exec(output)?.[1]
        if (url) {
          clearTimeout(timer)
          resolve(url)
        }
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`exited with ${code}: ${output}`))
      })
    })
    const response = await fetch(`${baseUrl}/pets`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    assert.equal(response.status, 200)
    assert.equal(((await response.json()) as unknown[]).length, 20)

    // The petstore-contract bin, as another team runs it against its own server: here, the mock.
    const contract = join(app, 'node_modules', '.bin', 'petstore-contract')
    const passed = await run(contract, ['--base-url', baseUrl, '--api-key', 'petstore-dev-key', '--strict'], {
      cwd: app,
      env,
    })
    assert.match(passed.stdout, /Result: conforms/)
    const refused = await run(contract, ['--base-url', baseUrl, '--api-key', 'not-the-key'], {
      cwd: app,
      env,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error)
    assert.equal((refused as { code?: number }).code, 2)
    assert.match(`${refused.stdout}${refused.stderr}`, /rejected the API key everywhere/)
    child.kill('SIGTERM')
  })
})
