// How the state file is written (decisions/004-hardening.md), seen from outside: atomically (a reader holding the old
// file keeps reading the whole old file; the path gets a new file, never one rewritten in place) and
// coalesced (changes wait for the timer or a flush, then go in one write). No timing thresholds: the
// timer is set far beyond the test, and every write is an explicit flush.
import { mkdtemp, open, readdir, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from '@jest/globals'
import { compileValidators, openApiDocument, type Pet } from '../../spec/runtime.ts'
import { createHttpMock, type HttpMock } from './createHttpMock.ts'
import { openStateFile, type StateFile } from './stateFile.ts'

const validators = compileValidators(openApiDocument)
const NEVER_MS = 600_000
const opened: HttpMock[] = []
afterEach(() => {
  // The servers never listened; close() only runs the state file's flush on 'close'.
  for (const mock of opened.splice(0)) mock.server.close()
})

async function withStateFile(): Promise<{ path: string; mock: HttpMock; state: StateFile }> {
  const path = join(await mkdtemp(join(tmpdir(), 'petstore-state-writes-')), 'pets.json')
  let state: StateFile | undefined
  const mock = createHttpMock({ seed: [], onWrite: () => state?.changed() })
  state = openStateFile(mock, { path, validators, delayMs: NEVER_MS })
  opened.push(mock)
  return { path, mock, state }
}

function addPets(mock: HttpMock, state: StateFile, count: number): void {
  for (let i = 0; i < count; i++) {
    mock.store.create({ name: `pet-${i}`, categoryId: i })
    state.changed()
  }
}

const readPets = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Pet[]

test('changes are coalesced: none reaches the file on the spot; one flush writes them all', async () => {
  const { path, mock, state } = await withStateFile()
  addPets(mock, state, 5)
  expect(await readPets(path)).toEqual([])
  state.flush()
  expect(await readPets(path)).toEqual(mock.store.snapshot())
  expect(mock.store.size).toBe(5)
})

test('a write replaces the file atomically: a reader of the old file still reads all of it', async () => {
  const { path, mock, state } = await withStateFile()
  const before = await stat(path)
  const reader = await open(path, 'r')
  try {
    addPets(mock, state, 3)
    state.flush()
    // Rewritten in place, the old descriptor would now read the new (or a half-written) text.
    expect(JSON.parse(await reader.readFile('utf8'))).toEqual([])
  } finally {
    await reader.close()
  }
  expect((await stat(path)).ino).not.toBe(before.ino)
  expect(await readPets(path)).toHaveLength(3)
  expect(await readdir(join(path, '..'))).toEqual(['pets.json'])
})

test('a flush with nothing changed leaves the file alone', async () => {
  const { path, state } = await withStateFile()
  const before = await stat(path)
  state.flush()
  expect((await stat(path)).ino).toBe(before.ino)
})
