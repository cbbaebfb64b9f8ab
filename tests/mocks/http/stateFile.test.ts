// The state file and the store's cap over HTTP (decision 013): restarts keep the pets, a write the file
// cannot take is a documented 507 and nothing of it stays, the health says degraded while reads go
// on, --max-pets refuses creates with a documented 507, the export is a seed, and the CLI refuses a
// file in use or in the old JSON format with exit code 2. Its files deleted, replaced or moved while
// it runs: every 201 is there after a SIGKILL and a restart (decision 042).
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { PetStore } from '../../../mocks/core/PetStore.ts'
import {
  createHttpMock,
  type HttpMock,
  type HttpMockOptions,
  listen,
} from '../../../mocks/http/createHttpMock.ts'
import { openStateDatabase, StateFileError } from '../../../mocks/http/openStateDatabase.ts'
import { compileValidators, openApiDocument, type Pet } from '../../../spec/runtime.ts'
import { killStartedClis, startCli } from '../../support/startCli.ts'

const validators = compileValidators(openApiDocument)
const AUTH = { authorization: 'Bearer petstore-dev-key' }
const running: HttpMock[] = []
/** Jest's limit for tests that start CLIs (a busy machine starts them slowly); none measures time. */
const CLI_TIMEOUT_MS = 60_000
afterEach(async () => {
  killStartedClis()
  for (const mock of running.splice(0)) await stop(mock)
})

function freshPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'petstore-state-http-')), 'pets.db')
}

/** A self-checking mock on port 0: every API answer must be one the spec documents. */
async function start(options: HttpMockOptions) {
  const mock = createHttpMock({ seed: [], selfCheck: true, ...options })
  running.push(mock)
  const baseUrl = await listen(mock, 0, '127.0.0.1')
  return { mock, baseUrl, origin: new URL(baseUrl).origin }
}

async function stop(mock: HttpMock): Promise<void> {
  if (running.includes(mock)) running.splice(running.indexOf(mock), 1)
  mock.server.closeAllConnections()
  await new Promise((resolve) => mock.server.close(resolve))
}

function post(baseUrl: string, name: string): Promise<Response> {
  return fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 1 }),
  })
}

async function create(baseUrl: string, name: string): Promise<Pet> {
  const response = await post(baseUrl, name)
  expect(response.status).toBe(201)
  return (await response.json()) as Pet
}

/** The Error body the spec documents for createPet's 507. */
function expectDocumented507(body: unknown, code: string): void {
  expect(validators.response('createPet', 507)?.(body)).toBe(true)
  expect(body).toMatchObject({ code, status: 507 })
}

describe('createHttpMock({ stateFile })', () => {
  test('a restart on the file serves every acknowledged pet and goes on numbering after them', async () => {
    const path = freshPath()
    const first = await start({ stateFile: { path } })
    const pets = await Promise.all(['Rex', 'Tom', 'Zed'].map((name) => create(first.baseUrl, name)))
    await stop(first.mock)
    const second = await start({ stateFile: { path } })
    for (const pet of pets) {
      const response = await fetch(`${second.baseUrl}/pets/${pet.id}`, { headers: AUTH })
      expect(await response.json()).toEqual(pet)
    }
    expect((await create(second.baseUrl, 'Next')).id).toBe(4)
  })

  test('a create the file cannot take is a documented 507; reads go on; the health is degraded', async () => {
    const path = freshPath()
    const lines: string[] = []
    const { mock, baseUrl, origin } = await start({
      stateFile: { path, maxPageCount: 8, log: (line) => lines.push(line) },
    })
    const acknowledged: Pet[] = []
    let refused: unknown
    for (let i = 0; i < 500 && refused === undefined; i++) {
      const response = await post(baseUrl, `${'x'.repeat(700)}${i}`)
      if (response.status === 201) acknowledged.push((await response.json()) as Pet)
      else {
        expect(response.status).toBe(507)
        refused = await response.json()
      }
    }
    expectDocumented507(refused, 'storage_failed')
    expect(mock.store.snapshot()).toEqual(acknowledged)
    const list = await fetch(`${baseUrl}/pets?limit=100`, { headers: AUTH })
    expect(list.status).toBe(200)
    const health = await (await fetch(`${origin}/__mock/health`)).json()
    expect(health).toMatchObject({ status: 'degraded', storage: { status: 'degraded', path } })
    expect(lines.join('\n')).toMatch(/cannot write/)
    await stop(mock)
    const again = await start({ stateFile: { path } })
    expect(again.mock.store.snapshot()).toEqual(acknowledged)
    expect(await (await fetch(`${again.origin}/__mock/health`)).json()).toMatchObject({ status: 'ok' })
  })

  test('int64 categoryIds survive a restart digit for digit (decisions/014-int64-exact.md)', async () => {
    const path = freshPath()
    const first = await start({ stateFile: { path } })
    const created: string[] = []
    for (const digits of ['9223372036854775807', '-9223372036854775808']) {
      const response = await fetch(`${first.baseUrl}/pets`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: `{"name":"edge","categoryId":${digits},"status":"sold"}`,
      })
      expect(response.status).toBe(201)
      created.push(await response.text())
    }
    await stop(first.mock)
    const second = await start({ stateFile: { path } })
    const listed = await (await fetch(`${second.baseUrl}/pets`, { headers: AUTH })).text()
    expect(listed).toBe(`[${created.join(',')}]`)
  })

  test('a /__mock/reset is committed before it is answered', async () => {
    const path = freshPath()
    const first = await start({ stateFile: { path } })
    await create(first.baseUrl, 'Gone')
    const reset = await fetch(`${first.origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ id: 40, name: 'Kept', categoryId: 2, status: 'sold' }]),
    })
    expect(reset.status).toBe(200)
    await stop(first.mock)
    expect((await start({ stateFile: { path } })).mock.store.snapshot()).toEqual([
      { id: 40, name: 'Kept', categoryId: 2, status: 'sold' },
    ])
  })

  test('a directory, or a path in a missing directory, is a StateFileError at creation', () => {
    const directory = join(freshPath(), '..')
    expect(() => createHttpMock({ stateFile: { path: directory } })).toThrow(StateFileError)
    expect(() => createHttpMock({ stateFile: { path: directory } })).toThrow(/cannot read the state file/)
    expect(() => createHttpMock({ stateFile: { path: join(directory, 'missing', 'pets.db') } })).toThrow(
      /cannot open the state file/,
    )
  })
})

describe('--max-pets (createHttpMock({ maxPets }))', () => {
  test('a create beyond the cap is a documented 507 store_full and stores nothing', async () => {
    const { mock, baseUrl } = await start({ maxPets: 2 })
    await create(baseUrl, 'One')
    await create(baseUrl, 'Two')
    const response = await post(baseUrl, 'Three')
    expect(response.status).toBe(507)
    expectDocumented507(await response.json(), 'store_full')
    expect(mock.store.size).toBe(2)
  })
})

describe('GET /__mock/export', () => {
  test('returns every pet, oldest first, as a seed that POST /__mock/reset takes back', async () => {
    const { mock, baseUrl, origin } = await start({})
    const pets = [await create(baseUrl, 'Rex'), await create(baseUrl, 'Tom')]
    const exported = await (await fetch(`${origin}/__mock/export`)).json()
    expect(exported).toEqual(pets)
    expect(validators.schema('Pets')(exported)).toBe(true)
    mock.store.reset([])
    const reset = await fetch(`${origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(exported),
    })
    expect(reset.status).toBe(200)
    expect(mock.store.snapshot()).toEqual(pets)
  })
})

describe('npm start -- --state-file', () => {
  test(
    'a second mock on the same file exits 2 and says the file is in use',
    async () => {
      const path = freshPath()
      await startCli(['--port', '0', '--quiet', '--state-file', path]).listening
      const second = startCli(['--port', '0', '--quiet', '--state-file', path])
      await expect(second.listening).rejects.toThrow(/exited with 2/)
      expect(second.output()).toContain(`the state file ${path} is in use by another process`)
    },
    CLI_TIMEOUT_MS,
  )

  test(
    'a JSON state file (the format before SQLite) exits 2 with how to carry it over, untouched',
    async () => {
      const path = join(freshPath(), '..', 'pets.json')
      const text = '[{"id":3,"name":"Rex","categoryId":1}]\n'
      writeFileSync(path, text)
      const cli = startCli(['--port', '0', '--state-file', path])
      await expect(cli.listening).rejects.toThrow(/exited with 2/)
      expect(cli.output()).toContain(`--seed ${path} --state-file`)
      expect(readFileSync(path, 'utf8')).toBe(text)
      // The advice works: the JSON file as a seed fills a new state file.
      const carried = startCli(['--port', '0', '--quiet', '--seed', path, '--state-file', freshPath()])
      const baseUrl = await carried.listening
      expect((await fetch(`${baseUrl}/pets/3`, { headers: AUTH })).status).toBe(200)
    },
    CLI_TIMEOUT_MS,
  )

  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s exits 0; a restart (env PETSTORE_STATE_FILE) serves the pets',
    async (signal) => {
      const path = freshPath()
      const emptySeed = join(path, '..', 'empty.json')
      writeFileSync(emptySeed, '[]')
      const first = startCli([
        '--port',
        '0',
        '--quiet',
        '--seed',
        emptySeed,
        '--state-file',
        path,
        '--max-pets',
        '3',
      ])
      const baseUrl = await first.listening
      const pets = await Promise.all(['Rex', 'Tom', 'Zed'].map((name) => create(baseUrl, name)))
      expect((await post(baseUrl, 'Over the cap')).status).toBe(507)
      first.child.kill(signal)
      expect(await first.exited).toBe(0)
      const second = startCli(['--port', '0', '--quiet'], { PETSTORE_STATE_FILE: path })
      const restarted = await second.listening
      for (const pet of pets) {
        const response = await fetch(`${restarted}/pets/${pet.id}`, { headers: AUTH })
        expect(await response.json()).toEqual(pet)
      }
    },
    CLI_TIMEOUT_MS,
  )

  test(
    'killed (SIGKILL) while loading a big --seed into a new state file, the next start loads it all and says so, never 0 pets',
    async () => {
      const path = freshPath()
      const seedFile = join(path, '..', 'big.json')
      const count = 300_000
      writeFileSync(
        seedFile,
        JSON.stringify(
          Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `pet ${i}`, categoryId: 1 })),
        ),
      )
      const args = [
        '--port',
        '0',
        '--quiet',
        '--seed',
        seedFile,
        '--state-file',
        path,
        '--max-pets',
        String(count),
      ]
      const first = startCli(args)
      first.listening.catch(() => {}) // it is killed before it listens
      // The load is under way once its write-ahead log grows; kill it then (bounded: at most ~30 s).
      const wal = `${path}-wal`
      for (let i = 0; i < 3_000 && first.child.exitCode === null; i++) {
        if (existsSync(wal) && statSync(wal).size > 1024 * 1024) break
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      first.child.kill('SIGKILL')
      await first.exited
      const second = startCli(args.filter((arg) => arg !== '--quiet'))
      const baseUrl = await second.listening
      const health = (await (await fetch(`${new URL(baseUrl).origin}/__mock/health`)).json()) as {
        pets: number
      }
      expect(health.pets).toBe(count)
      // Killed before its startup line, the first start cannot have committed: the second says so.
      if (!/listening on/.test(first.output()))
        expect(second.output()).toMatch(/a first start was interrupted/)
    },
    CLI_TIMEOUT_MS * 2,
  )
})

// Decision 042: the state file's files deleted, replaced or moved under a running mock, as the attack
// of the attack of 2026-12-06 did it: then 20 creates, a SIGKILL, and a start again on the same path. Every 201 is
// there after the restart; the other creates got the documented 507 while the health said degraded.
/** Creates sent once the files were acted on, as many as the attack sent. */
const CREATES = 20
/** A pet of the state file moved over the mock's (another mock's file, or a backup). */
const OTHER: Pet = { id: 90, name: 'From the other file', categoryId: 1, status: 'available' }

function startCliOn(path: string, seed: string) {
  return startCli(['--port', '0', '--quiet', '--seed', seed, '--state-file', path])
}

async function control(baseUrl: string, endpoint: string): Promise<unknown> {
  return (await fetch(`${new URL(baseUrl).origin}/__mock/${endpoint}`)).json()
}

/** A state file holding OTHER, made as a mock makes it, moved over `path` (a new inode). */
function replaceWithOtherStateFile(path: string): void {
  const other = join(mkdtempSync(join(tmpdir(), 'petstore-moved-other-')), 'other.db')
  openStateDatabase(new PetStore([OTHER]), { path: other, validators }).close()
  renameSync(other, path)
}

interface Case {
  name: string
  act: (path: string) => void
  /** What the restart holds besides the 201s after the act: the pets before it, or what the path leads to now. */
  before: 'kept' | 'gone' | 'other'
  /** The path stops leading to the file until `back` (creates get 507), or only its -wal was lost (made again). */
  refuses: boolean
  back?: (path: string) => void
}

const cases: Case[] = [
  {
    name: 'rm pets.db* (the file and its -wal)',
    act: (path) => {
      rmSync(path)
      rmSync(`${path}-wal`)
    },
    before: 'gone',
    refuses: true,
  },
  { name: 'rm pets.db (its -wal left)', act: (path) => rmSync(path), before: 'gone', refuses: true },
  {
    name: 'rm pets.db-wal (the file left)',
    act: (path) => rmSync(`${path}-wal`),
    before: 'kept',
    refuses: false,
  },
  {
    name: 'another state file moved over pets.db',
    act: replaceWithOtherStateFile,
    before: 'other',
    refuses: true,
  },
  {
    name: 'rm -rf .state (the folder)',
    act: (path) => rmSync(dirname(path), { recursive: true }),
    before: 'gone',
    refuses: true,
  },
  {
    name: 'mv .state .state-old, then back',
    act: (path) => renameSync(dirname(path), `${dirname(path)}-old`),
    before: 'kept',
    refuses: true,
    back: (path) => renameSync(`${dirname(path)}-old`, dirname(path)),
  },
]

describe('npm start -- --state-file, its files acted on while it runs', () => {
  test.each(cases)(
    '$name: every 201 is there after SIGKILL and a restart on the path',
    async (each) => {
      const dir = mkdtempSync(join(tmpdir(), 'petstore-moved-'))
      const path = join(dir, '.state', 'pets.db')
      const seed = join(dir, 'empty.json')
      writeFileSync(seed, '[]')
      const first = startCliOn(path, seed)
      const baseUrl = await first.listening
      const before: Pet[] = []
      for (const name of ['Rex', 'Tom', 'Zed']) before.push(await create(baseUrl, name))
      each.act(path)

      const answers = await Promise.all(
        Array.from({ length: CREATES }, (_, i) => post(baseUrl, `after ${i}`)),
      )
      const acknowledged: Pet[] = []
      for (const answer of answers) {
        const body = await answer.json()
        if (answer.status === 201) acknowledged.push(body as Pet)
        else {
          expect(answer.status).toBe(507)
          expectDocumented507(body, 'storage_failed')
          expect(body).toMatchObject({ message: expect.stringContaining(path) })
        }
      }
      expect(acknowledged.length).toBe(each.refuses ? 0 : CREATES)
      expect(await control(baseUrl, 'health')).toMatchObject(
        each.refuses
          ? {
              status: 'degraded',
              storage: { status: 'degraded', error: expect.stringContaining('put it back') },
            }
          : { status: 'ok' },
      )
      // Reads go on from memory, the pets before the act included.
      expect(await control(baseUrl, 'export')).toEqual([...before, ...acknowledged])
      if (each.back) {
        each.back(path)
        expect(await control(baseUrl, 'health')).toMatchObject({ status: 'ok', storage: { status: 'ok' } })
        for (const name of ['Back 1', 'Back 2']) acknowledged.push(await create(baseUrl, name))
      }

      first.child.kill('SIGKILL')
      await first.exited
      const second = startCliOn(path, seed)
      const restarted = await second.listening
      const kept = { kept: before, gone: [], other: [OTHER] }[each.before]
      expect(await control(restarted, 'export')).toEqual([...kept, ...acknowledged])
    },
    CLI_TIMEOUT_MS,
  )
})
