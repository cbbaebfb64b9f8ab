// The same evolution as specEvolution.test.ts, applied to a running HTTP mock through spec hot
// reload (what `npm start -- --watch` wires: watchSpec → mock.setSpec): it takes effect without a
// restart, and the pets created before it are still there.
import { copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { createHttpMock, type HttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { type SpecReload, type SpecWatcher, watchSpec } from '../../mocks/http/watchSpec.ts'
import { bundleSpec, compileSpec, loadSpec, SPEC_PATH } from '../../spec/index.ts'
import { EVOLUTION, evolveSpec } from '../support/evolveSpec.ts'

const AUTH = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' }
let dir: string
let specPath: string
let mock: HttpMock
let baseUrl: string
let watcher: SpecWatcher
const log: string[] = []
const reloads: Array<(result: SpecReload) => void> = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-evolve-watch-'))
  specPath = join(dir, 'openapi.yaml')
  await copyFile(SPEC_PATH, specPath)
  mock = createHttpMock({ spec: compileSpec(await loadSpec(specPath)), selfCheck: true })
  baseUrl = await listen(mock, 0, '127.0.0.1')
  watcher = watchSpec({
    path: specPath,
    onSpec: (spec) => mock.setSpec(spec),
    log: (line) => log.push(line),
    onReload: (result) => reloads.shift()?.(result),
  })
})

afterAll(async () => {
  watcher?.close()
  mock?.server.closeAllConnections()
  await new Promise((resolve) => mock?.server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

test('the evolution saved over the watched file takes effect without a restart and keeps the pets', async () => {
  const before = await fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ name: 'Old', categoryId: 1, [EVOLUTION.field]: 'dropped before' }),
  })
  const old = (await before.json()) as Record<string, unknown>
  expect(old).not.toHaveProperty(EVOLUTION.field) // the field is not declared yet
  expect((await fetch(`${baseUrl}${EVOLUTION.minePath}`, { headers: AUTH })).status).toBe(400) // getPet: not an id

  const reloaded = new Promise<SpecReload>((resolve) => reloads.push(resolve))
  // JSON is YAML: the evolved document replaces the file as an editor saves (a rename over it).
  await writeFile(`${specPath}.saving`, JSON.stringify(evolveSpec(await bundleSpec(specPath)), null, 2))
  await rename(`${specPath}.saving`, specPath)
  await expect(reloaded).resolves.toMatchObject({ ok: true })
  expect(log.at(-1)).toContain(`from the spec: ${EVOLUTION.mineOperation}`)

  // The pets stay.
  expect(await (await fetch(`${baseUrl}/pets/${old.id}`, { headers: AUTH })).json()).toEqual(old)
  // The new field round-trips.
  const created = await fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ name: 'New', categoryId: 2, status: EVOLUTION.status, [EVOLUTION.field]: 'Newt' }),
  })
  expect(created.status).toBe(201)
  const pet = (await created.json()) as Record<string, unknown>
  expect(pet[EVOLUTION.field]).toBe('Newt')
  expect(await (await fetch(`${baseUrl}/pets/${pet.id}`, { headers: AUTH })).json()).toEqual(pet)
  const adopted = await fetch(`${baseUrl}/pets?status=${EVOLUTION.status}`, { headers: AUTH })
  expect(await adopted.json()).toEqual([pet])
  // New limits, deprecation, and the new path answered from the spec.
  const list = await fetch(`${baseUrl}/pets?limit=${EVOLUTION.limit.maximum}`, { headers: AUTH })
  expect(list.status).toBe(200)
  expect(list.headers.get('sunset')).toBe(new Date(`${EVOLUTION.sunset}T00:00:00Z`).toUTCString())
  expect(
    (await fetch(`${baseUrl}/pets?limit=${EVOLUTION.limit.maximum + 1}`, { headers: AUTH })).status,
  ).toBe(400)
  const mine = await fetch(`${baseUrl}${EVOLUTION.minePath}`, { headers: AUTH })
  expect(await mine.json()).toEqual(EVOLUTION.mineExamples.two)
})
