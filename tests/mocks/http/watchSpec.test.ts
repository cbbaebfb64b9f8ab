// Spec hot reload: edits to a copy of spec/openapi.yaml reach a running HTTP mock without a restart.
import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { aliasBombYaml } from '../../../fixtures/aliasBomb.ts'
import { createHttpMock, type HttpMock, listen } from '../../../mocks/http/createHttpMock.ts'
import { type SpecReload, type SpecWatcher, watchSpec } from '../../../mocks/http/watchSpec.ts'
import { compileSpec, loadSpec, SPEC_PATH } from '../../../spec/index.ts'

const AUTH = { authorization: 'Bearer petstore-dev-key' }
const WAIT_MS = 10_000

describe('watchSpec', () => {
  let dir: string
  let specPath: string
  let original: string
  let mock: HttpMock
  let baseUrl: string
  let watcher: SpecWatcher
  const log: string[] = []
  const waiting: ((result: SpecReload) => void)[] = []

  /** The next reload the watcher makes on its own (from a file event), within WAIT_MS. */
  function nextReload(): Promise<SpecReload> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no reload within ${WAIT_MS} ms; log: ${log}`)),
        WAIT_MS,
      )
      waiting.push((result) => {
        clearTimeout(timer)
        resolve(result)
      })
    })
  }

  /**
   * Saves the way editors do, a new file renamed over the old one, so the watcher never reads a
   * half-written spec (a plain writeFile truncates first, and on a busy machine the two events can
   * fall into separate reloads).
   */
  async function saveSpec(text: string): Promise<void> {
    await writeFile(`${specPath}.saving`, text)
    await rename(`${specPath}.saving`, specPath)
  }

  const listStatus = async (limit: number) =>
    (await fetch(`${baseUrl}/pets?limit=${limit}`, { headers: AUTH })).status

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-watch-'))
    specPath = join(dir, 'openapi.yaml')
    await copyFile(SPEC_PATH, specPath)
    original = await readFile(specPath, 'utf8')
    const document = await loadSpec(specPath)
    mock = createHttpMock({ spec: compileSpec(document) })
    baseUrl = await listen(mock, 0, '127.0.0.1')
    watcher = watchSpec({
      path: specPath,
      onSpec: (spec) => mock.setSpec(spec),
      log: (line) => log.push(line),
      onReload: (result) => waiting.shift()?.(result),
    })
  })

  afterAll(async () => {
    watcher?.close()
    mock?.server.closeAllConnections()
    await new Promise((resolve) => mock?.server.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  test('an edit takes effect without a restart, and the store keeps what was added', async () => {
    const created = await fetch(`${baseUrl}/pets`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survivor', categoryId: 1 }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    expect(await listStatus(60)).toBe(200)

    const reloaded = nextReload()
    const edited = original.replace(/maximum: 100\n(\s+)default: 20/, 'maximum: 50\n$1default: 20')
    expect(edited).not.toBe(original)
    await saveSpec(edited)
    await expect(reloaded).resolves.toMatchObject({ ok: true })

    expect(await listStatus(60)).toBe(400)
    expect(await listStatus(50)).toBe(200)
    const kept = await fetch(`${baseUrl}/pets/${id}`, { headers: AUTH })
    expect(kept.status).toBe(200)
    await expect(kept.json()).resolves.toMatchObject({ id, name: 'Survivor' })
    expect(log.at(-1)).toMatch(
      /^spec: reloaded .*openapi\.yaml; the store keeps its pets; stateful: listPets, createPet, getPet; from the spec: none$/,
    )
  })

  test('an invalid edit keeps the last good spec and logs the parser message', async () => {
    const reloaded = nextReload()
    // Back to maximum 100 but with a dangling $ref: were it taken in, limit=60 would pass again.
    const dangling = original.replace(
      '$ref: "#/components/schemas/Pets"',
      '$ref: "#/components/schemas/Petz"',
    )
    await saveSpec(dangling)
    await expect(reloaded).resolves.toMatchObject({ ok: false, reason: expect.stringContaining('Petz') })

    // swagger-parser's own words, after the mock's.
    expect(log.at(-1)).toMatch(
      /^spec: .*openapi\.yaml is invalid, still serving the last good version: .*Petz/,
    )
    expect(await listStatus(60)).toBe(400)
    expect(await listStatus(50)).toBe(200)
  })

  test('a schema Ajv cannot compile is refused with its message', async () => {
    const reloaded = nextReload()
    await saveSpec(original.replace('type: integer', 'type: strin'))
    await expect(reloaded).resolves.toMatchObject({ ok: false, reason: expect.stringContaining('strin') })
    expect(await listStatus(60)).toBe(400)
  })

  test('a valid document the mock cannot serve (listPets without its limit parameter) is refused too', async () => {
    const withoutLimit = original.replace('        - $ref: "#/components/parameters/limit"\n', '')
    expect(withoutLimit).not.toBe(original)
    const reloaded = nextReload()
    await saveSpec(withoutLimit)
    await expect(reloaded).resolves.toMatchObject({ ok: false, reason: expect.stringContaining('limit') })
    expect(await listStatus(60)).toBe(400)
  })

  test('fixing the file brings the new version in', async () => {
    const reloaded = nextReload()
    await saveSpec(original)
    await expect(reloaded).resolves.toMatchObject({ ok: true })
    expect(await listStatus(60)).toBe(200)
  })

  // The spec as untrusted input (docs/spec-as-input.md): an unsafe edit is an invalid edit. Each also
  // lowers listPets' maximum to 50, so were it taken in, limit=60 would answer 400.
  const lowered = () => original.replace(/maximum: 100\n(\s+)default: 20/, 'maximum: 50\n$1default: 20')
  test.each([
    ['a YAML alias bomb', () => `${lowered()}${aliasBombYaml()}`, /alias/i],
    [
      'a $ref to a file outside the folder',
      () => lowered().replace('"#/components/schemas/Pets"', '"/proc/self/environ"'),
      /refused: a spec may only refer to files inside its own folder/,
    ],
    [
      'a pattern RE2 cannot run (a backreference)',
      () =>
        lowered().replace(
          "description: The animal's name.",
          // A function, so the `$'` in the pattern is not read as a replacement pattern.
          () => "pattern: '^(a)\\1$'\n          description: The animal's name.",
        ),
      /cannot run on the linear-time engine/,
    ],
  ])('%s is refused and the last good spec keeps serving', async (_name, edit, reason) => {
    const unsafe = edit()
    expect(unsafe).not.toBe(lowered())
    const reloaded = nextReload()
    await saveSpec(unsafe)
    await expect(reloaded).resolves.toMatchObject({ ok: false, reason: expect.stringMatching(reason) })
    expect(log.at(-1)).toMatch(/is invalid, still serving the last good version/)
    expect(await listStatus(60)).toBe(200)
  })

  test('an alias bomb being refused does not delay a concurrent request', async () => {
    // Judged as a ratio, like the hostile-URL test: requests sent one after another for as long as the
    // reload takes, against the same request alone; the margin (100x) is wide for a shared machine. The
    // bomb, walked, would hold the event loop for minutes.
    const median = (values: number[]) =>
      values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] as number
    const timed = async () => {
      const started = performance.now()
      await listStatus(1)
      return performance.now() - started
    }
    const alone: number[] = []
    for (let round = 0; round < 5; round++) alone.push(await timed())
    const alongside: number[] = []
    let reloading = true
    const reloaded = nextReload().finally(() => {
      reloading = false
    })
    await saveSpec(`${lowered()}${aliasBombYaml()}`)
    while (reloading || alongside.length < 5) alongside.push(await timed())
    await expect(reloaded).resolves.toMatchObject({ ok: false })
    expect(median(alongside) / median(alone)).toBeLessThan(100)
  })
})
