// The SQLite state file (decision 013), in process: what is committed is in the file when committed()
// resolves (a byte copy of the file taken then holds it), a failed commit takes its pets back and
// degrades the health, one process at a time, symlinks stay, nothing is left next to the file, and
// files that are not ours are refused without being touched.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { lstat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, test } from '@jest/globals'
import { compileValidators, openApiDocument, type Pet } from '../../spec/runtime.ts'
import { PetStore } from '../core/PetStore.ts'
import { openStateDatabase, type StateDatabase, StateFileError, StorageError } from './openStateDatabase.ts'

const validators = compileValidators(openApiDocument)
const seed: Pet[] = [{ id: 7, name: 'Seed', categoryId: 1, status: 'sold' }]
const opened: StateDatabase[] = []
afterEach(() => {
  for (const state of opened.splice(0)) state.close()
})

function freshPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'petstore-sqlite-')), 'pets.db')
}

function open(path: string, store = new PetStore(seed), extra: { maxPageCount?: number } = {}) {
  const lines: string[] = []
  const state = openStateDatabase(store, { path, validators, log: (line) => lines.push(line), ...extra })
  opened.push(state)
  return { store, state, lines }
}

function close(state: StateDatabase): void {
  opened.splice(opened.indexOf(state), 1)
  state.close()
}

/** The pets a byte copy of the file (and its write-ahead log) holds now: what survives a kill at this instant. */
function petsInCopyOf(path: string): Pet[] {
  const copy = join(mkdtempSync(join(tmpdir(), 'petstore-sqlite-copy-')), 'copy.db')
  copyFileSync(path, copy)
  if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`)
  const db = new DatabaseSync(copy, { readOnly: true })
  try {
    return db
      .prepare('SELECT pet FROM pets ORDER BY seq')
      .all()
      .map((row) => JSON.parse(String(row.pet)) as Pet)
  } finally {
    db.close()
  }
}

describe('openStateDatabase', () => {
  test('a new file starts from the seed; a reopened one replaces the seed and ids go on after its pets', async () => {
    const path = freshPath()
    const first = open(path)
    const rex = first.store.create({ name: 'Rex', categoryId: 2 })
    await first.state.committed()
    close(first.state)
    const second = open(path, new PetStore([{ id: 1, name: 'Other seed', categoryId: 1 }]))
    expect(second.store.snapshot()).toEqual([...seed, rex])
    expect(second.store.create({ name: 'Tom', categoryId: 3 }).id).toBe(9)
  })

  test('a create is in the file when committed() resolves, not before; one turn is one commit', async () => {
    const path = freshPath()
    const { store, state } = open(path)
    const pets = [store.create({ name: 'A', categoryId: 1 }), store.create({ name: 'B', categoryId: 1 })]
    const waiting = state.committed()
    expect(petsInCopyOf(path)).toEqual(seed)
    expect(state.committed()).toBe(waiting)
    await waiting
    expect(petsInCopyOf(path)).toEqual([...seed, ...pets])
  })

  test('every string round-trips exactly (lone surrogates, NUL, emoji)', async () => {
    const path = freshPath()
    const first = open(path)
    const names = ['\ud800', 'a\u0000b', '🐕', `"'\\`]
    const pets = names.map((name) => first.store.create({ name, categoryId: 2 ** 53 - 1 }))
    await first.state.committed()
    close(first.state)
    expect(open(path).store.snapshot().slice(1)).toEqual(pets)
  })

  test('a reset is logged too: a restart holds exactly the pets after it', async () => {
    const path = freshPath()
    const first = open(path)
    first.store.create({ name: 'Gone', categoryId: 1 })
    first.store.reset([{ id: 3, name: 'Kept', categoryId: 1, status: 'pending' }])
    const after = first.store.create({ name: 'After', categoryId: 1 })
    await first.state.committed()
    close(first.state)
    expect(open(path).store.snapshot()).toEqual([
      { id: 3, name: 'Kept', categoryId: 1, status: 'pending' },
      after,
    ])
  })

  test('a full file: the failed batch is taken back from memory, committed() rejects, health degrades, then recovers', async () => {
    const path = freshPath()
    const { store, state, lines } = open(path, new PetStore(seed), { maxPageCount: 8 })
    const acknowledged: Pet[] = [...seed]
    let failure: unknown
    for (let round = 0; round < 500 && failure === undefined; round++) {
      const batch = [store.create({ name: 'x'.repeat(600), categoryId: round })]
      try {
        await state.committed()
        acknowledged.push(...batch)
      } catch (error) {
        failure = error
      }
    }
    expect(failure).toBeInstanceOf(StorageError)
    expect(store.snapshot()).toEqual(acknowledged)
    expect(state.health()).toMatchObject({ status: 'degraded', error: expect.stringMatching(/full/) })
    expect(lines.join('\n')).toMatch(/cannot write/)
    // A small pet may still fit in the last page; either way nothing half-written is kept.
    store.reset([])
    await state.committed()
    expect(state.health().status).toBe('ok')
    close(state)
    expect(open(path).store.snapshot()).toEqual([])
  })

  test('a failed batch holding a reset reloads the store from the file', async () => {
    const path = freshPath()
    const { store, state } = open(path, new PetStore(seed), { maxPageCount: 8 })
    store.reset(Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: 'y'.repeat(500), categoryId: 1 })))
    await expect(state.committed()).rejects.toThrow(StorageError)
    expect(store.snapshot()).toEqual(seed)
  })

  test('a second process (or handle) on the same file is refused with a clear message', () => {
    const path = freshPath()
    open(path)
    expect(() => open(path)).toThrow(/in use by another process/)
  })

  test('a symlinked path stays a symlink; after close nothing is left beside the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-sqlite-link-'))
    symlinkSync(join(dir, 'real.db'), join(dir, 'link.db'))
    const { store, state } = open(join(dir, 'link.db'))
    store.create({ name: 'Rex', categoryId: 1 })
    await state.committed()
    close(state)
    expect((await lstat(join(dir, 'link.db'))).isSymbolicLink()).toBe(true)
    expect(readdirSync(dir).sort()).toEqual(['link.db', 'real.db'])
    expect(open(join(dir, 'link.db')).store.size).toBe(2)
  })

  test.each([
    ['a JSON state file (the old format)', '[{"id":1,"name":"Rex","categoryId":1}]\n', /holds JSON.*--seed/],
    ['a text file', 'hello, not a database\n', /not a SQLite database/],
  ])('%s is refused and left as it was', (_name, text, message) => {
    const path = freshPath()
    writeFileSync(path, text)
    expect(() => open(path)).toThrow(message)
    expect(readFileSync(path, 'utf8')).toBe(text)
  })

  test.each([
    ['a SQLite file of another program', 'CREATE TABLE notes (body TEXT)', /another program or version/],
    [
      'a row that is not a Pet',
      `CREATE TABLE pets (seq INTEGER PRIMARY KEY, pet TEXT NOT NULL); INSERT INTO pets (pet) VALUES ('{"id":1}');
       PRAGMA application_id = ${0x50455453}; PRAGMA user_version = 1`,
      /seq 1.*not a Pet/,
    ],
  ])('%s is refused with a StateFileError', (_name, sql, message) => {
    const path = freshPath()
    const db = new DatabaseSync(path)
    db.exec(sql)
    db.close()
    expect(() => open(path)).toThrow(StateFileError)
    expect(() => open(path)).toThrow(message)
  })
})

/** Another file moved over `path` (a new inode, as `mv` or an editor's save leaves it). */
function replace(path: string): void {
  writeFileSync(`${path}.other`, 'not the mock file')
  renameSync(`${path}.other`, path)
}

// Decision 042: a 201 only for a write in the file the path leads to. Each case acts on the files while
// the mock runs; `back` puts the file back where it can be (the same inode, at the path again).
describe('openStateDatabase: the path stops leading to the file written', () => {
  const cases: {
    name: string
    act: (path: string) => void
    reason: RegExp
    back?: (path: string) => void
  }[] = [
    { name: 'the file deleted, its -wal left', act: (path) => rmSync(path), reason: /was deleted or moved/ },
    {
      name: 'the file and its -wal deleted (rm pets.db*)',
      act: (path) => {
        rmSync(path)
        rmSync(`${path}-wal`)
      },
      reason: /was deleted or moved/,
    },
    { name: 'the file replaced by another file', act: replace, reason: /was replaced by another file/ },
    {
      name: 'the folder deleted (rm -rf)',
      act: (path) => rmSync(dirname(path), { recursive: true }),
      reason: /or its folder was/,
    },
    {
      name: 'the folder moved, then moved back',
      act: (path) => renameSync(dirname(path), `${dirname(path)}-old`),
      reason: /or its folder was/,
      back: (path) => renameSync(`${dirname(path)}-old`, dirname(path)),
    },
  ]
  test.each(cases)('$name: health degraded, creates refused and taken back, reads go on', async (each) => {
    const path = freshPath()
    const { store, state, lines } = open(path)
    const kept = store.create({ name: 'Kept', categoryId: 1 })
    await state.committed()
    // Exclusive locking keeps the log's index in memory: no -shm file is ever beside the file.
    expect(readdirSync(dirname(path)).sort()).toEqual(['pets.db', 'pets.db-wal'])
    each.act(path)
    expect(state.health()).toMatchObject({
      status: 'degraded',
      path,
      error: expect.stringMatching(each.reason),
    })
    expect(state.health()).toMatchObject({ error: expect.stringMatching(/put it back, or restart the mock/) })
    store.create({ name: 'Refused', categoryId: 1 })
    await expect(state.committed()).rejects.toThrow(StorageError)
    expect(store.snapshot()).toEqual([...seed, kept])
    expect(lines.join('\n')).toMatch(/cannot write/)
    if (!each.back) return
    each.back(path)
    expect(state.health()).toEqual({ status: 'ok', path })
    const after = store.create({ name: 'After', categoryId: 1 })
    await state.committed()
    expect(petsInCopyOf(path)).toEqual([...seed, kept, after])
  })

  test.each([
    ['deleted', (wal: string) => rmSync(wal)],
    ['replaced by another file', replace],
  ])(
    'its -wal alone %s: the log SQLite holds is folded into the file and begun again; no create refused',
    async (_name, act) => {
      const path = freshPath()
      const { store, state, lines } = open(path)
      const before = store.create({ name: 'Before', categoryId: 1 })
      await state.committed()
      act(`${path}-wal`)
      const after = store.create({ name: 'After', categoryId: 1 })
      await state.committed()
      expect(state.health().status).toBe('ok')
      // What a kill leaves now: the file and the new log at the path hold both.
      expect(petsInCopyOf(path)).toEqual([...seed, before, after])
      expect(lines.join('\n')).toMatch(/-wal was lost; what it held is in/)
    },
  )
})
