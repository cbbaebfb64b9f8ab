// The state file (--state-file, decisions/004-hardening.md): restarts keep the pets, writes are atomic and coalesced,
// a bad file is a start-up error, and SIGTERM/SIGINT flush what the timer has not written yet.
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { compileValidators, openApiDocument, type Pet } from '../../spec/runtime.ts'
import { killStartedClis, startCli } from '../testing/startCli.ts'
import { createHttpMock, type HttpMock, listen } from './createHttpMock.ts'
import { openStateFile, type StateFile, StateFileError } from './stateFile.ts'

const validators = compileValidators(openApiDocument)
const AUTH = { authorization: 'Bearer petstore-dev-key' }
const running: HttpMock[] = []
afterEach(async () => {
  killStartedClis()
  for (const mock of running.splice(0)) {
    mock.server.closeAllConnections()
    await new Promise((resolve) => mock.server.close(resolve))
  }
})

async function statePath(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'petstore-state-')), 'pets.json')
}

/** A mock on port 0 with a state file, as the CLI wires it. */
async function startWithState(path: string, delayMs?: number) {
  let state: StateFile | undefined
  const mock = createHttpMock({ seed: [], onWrite: () => state?.changed() })
  state = openStateFile(mock, { path, validators, ...(delayMs !== undefined && { delayMs }) })
  running.push(mock)
  return { mock, state, baseUrl: await listen(mock, 0, '127.0.0.1') }
}

async function create(baseUrl: string, name: string): Promise<Pet> {
  const response = await fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 1 }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as Pet
}

async function stop(mock: HttpMock): Promise<void> {
  running.splice(running.indexOf(mock), 1)
  await new Promise((resolve) => mock.server.close(resolve))
}

async function readPets(path: string): Promise<Pet[]> {
  return JSON.parse(await readFile(path, 'utf8')) as Pet[]
}

describe('openStateFile', () => {
  test('a missing file is created at start; a restart keeps the pets and goes on numbering after them', async () => {
    const path = await statePath()
    const first = await startWithState(path)
    expect(await readPets(path)).toEqual([])
    const pets = [await create(first.baseUrl, 'Rex'), await create(first.baseUrl, 'Tom')]
    await stop(first.mock) // server close flushes

    const second = await startWithState(path)
    expect(second.mock.store.snapshot()).toEqual(pets)
    const again = await fetch(`${second.baseUrl}/pets/${pets[1]?.id}`, { headers: AUTH })
    expect(await again.json()).toEqual(pets[1])
    expect((await create(second.baseUrl, 'Zed')).id).toBe(3)
  })

  test('changes are written together within the delay, all of them, leaving no temporary file', async () => {
    const path = await statePath()
    const { baseUrl } = await startWithState(path, 50)
    await Promise.all(Array.from({ length: 20 }, (_, i) => create(baseUrl, `pet-${i}`)))
    // Bounded wait (at most 100 polls) for the coalesced write.
    let pets = await readPets(path)
    for (let tries = 0; pets.length < 20 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      pets = await readPets(path)
    }
    expect(pets.map((pet) => pet.name).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `pet-${i}`).sort(),
    )
    // Atomic writes leave no temporary file behind.
    expect(await readdir(join(path, '..'))).toEqual(['pets.json'])
  })

  test('a /__mock/reset is a write too', async () => {
    const path = await statePath()
    const { mock, baseUrl, state } = await startWithState(path)
    await create(baseUrl, 'Rex')
    await fetch(`${new URL(baseUrl).origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    state.flush()
    expect(await readPets(path)).toEqual(mock.store.snapshot())
    expect(mock.store.snapshot()).toEqual([])
  })

  test.each([
    ['not JSON', '[{"id":1,', /not valid JSON/],
    ['not a Pets array', '{"pets":[]}', /not a Pets array/],
    ['a pet without a name', '[{"id":1,"categoryId":1}]', /not a Pets array.*name/],
    [
      'the same id twice',
      '[{"id":1,"name":"a","categoryId":1},{"id":1,"name":"b","categoryId":1}]',
      /id 1 twice/,
    ],
    ['an unsafe id', '[{"id":9007199254740993,"name":"a","categoryId":1}]', /cannot be loaded/],
  ])(
    'a file that is %s is a StateFileError, and the file is left as it was',
    async (_what, text, message) => {
      const path = await statePath()
      await writeFile(path, text)
      const mock = createHttpMock({ seed: [] })
      expect(() => openStateFile(mock, { path, validators })).toThrow(StateFileError)
      expect(() => openStateFile(mock, { path, validators })).toThrow(message)
      expect(await readFile(path, 'utf8')).toBe(text)
    },
  )

  test('a path that cannot be read or created is a StateFileError', async () => {
    const directory = join(await statePath(), '..')
    const mock = createHttpMock({ seed: [] })
    expect(() => openStateFile(mock, { path: directory, validators })).toThrow(/cannot read the state file/)
    const nowhere = join(directory, 'missing', 'pets.json')
    expect(() => openStateFile(mock, { path: nowhere, validators })).toThrow(/cannot create the state file/)
  })
})

describe('npm start -- --state-file', () => {
  test('a corrupt state file stops the start with exit code 2 and says why', async () => {
    const path = await statePath()
    await writeFile(path, 'not json')
    const cli = startCli(['--port', '0', '--state-file', path])
    await expect(cli.listening).rejects.toThrow(/exited with 2/)
    expect(cli.output()).toContain(`the state file ${path} is not valid JSON`)
    expect(await readFile(path, 'utf8')).toBe('not json')
  })

  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s flushes pets the timer has not written yet; a restart serves them',
    async (signal) => {
      const directory = join(await statePath(), '..', 'nested')
      await mkdir(directory)
      const path = join(directory, 'pets.json')
      // PETSTORE_STATE_FILE works as well as the flag.
      const first = startCli(['--port', '0', '--quiet'], { PETSTORE_STATE_FILE: path })
      const baseUrl = await first.listening
      const pets = await Promise.all(['Rex', 'Tom', 'Zed'].map((name) => create(baseUrl, name)))
      first.child.kill(signal)
      expect(await first.exited).toBe(0)

      const second = startCli(['--port', '0', '--quiet', '--state-file', path])
      const restarted = await second.listening
      for (const pet of pets) {
        const response = await fetch(`${restarted}/pets/${pet.id}`, { headers: AUTH })
        expect(await response.json()).toEqual(pet)
      }
    },
  )
})
