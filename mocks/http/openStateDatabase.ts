import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { type ExactJson, parseExactJson } from '../../kit/json/exactJson.ts'
import type { Pet, SpecValidators } from '../../spec/runtime.ts'
import type { PetStore, StoreChange } from '../core/PetStore.ts'
import { validateExact } from '../core/validateExact.ts'

/** Why the mock cannot start with this state file; the CLI prints it and exits with code 2. */
export class StateFileError extends Error {}

/** A write the state file could not take (full disk, failing file): nothing of it was kept. */
export class StorageError extends Error {}

/** What `/__mock/health` says of the state file. */
export type StorageHealth =
  | { status: 'ok'; path: string }
  | { status: 'degraded'; path: string; error: string; since: string }

export interface StateDatabase {
  /**
   * Settles when every change made so far is committed: resolves then, or rejects with a StorageError
   * when the batch holding them failed (those changes are taken back from the store). Answer a write
   * only after this: that is what makes an acknowledged create survive a killed process.
   */
  committed(): Promise<void>
  /** ok, or degraded since a commit failed (until one succeeds) or the path lost its file (until it is back). */
  health(): StorageHealth
  /** Commits what is pending, folds the write-ahead log into the file (removing it) and closes. */
  close(): void
}

export interface StateDatabaseOptions {
  path: string
  validators: SpecValidators
  /** Told when a commit fails or recovers. */
  log?: (line: string) => void
  /**
   * Caps the file at this many pages of 4 KiB (`PRAGMA max_page_count`): writes beyond fail as on a
   * full disk. Tests use it to exercise a full disk without mounting one; unlimited by default.
   */
  maxPageCount?: number
}

/** `PRAGMA application_id`: marks a SQLite file as a petstore-mock state file ('PETS'). */
const APPLICATION_ID = 0x50455453
/** `PRAGMA user_version` of the layout below; 0 is a new, empty database. */
const LAYOUT_VERSION = 1
const SQLITE_HEADER = 'SQLite format 3\0'
const SQLITE_BUSY = 5

/**
 * Makes a store durable in a SQLite file (`--state-file PATH`, through node:sqlite). The store in
 * memory stays the read path (lists cost O(limit)); the database is its log: one row per pet, in
 * creation order, the pet as JSON text (so every string round-trips exactly, lone surrogates too).
 *
 * A new file is filled with the store's pets (the seed); an existing one replaces them. Changes are
 * committed in one transaction per event-loop turn (group commit), in WAL mode with
 * `synchronous=NORMAL`: a commit is in the operating system's hands when `committed()` resolves,
 * so killing the process loses nothing acknowledged (decision 013 says why not FULL). A failed commit
 * rolls back, takes its changes back from the store, rejects `committed()` and marks the health
 * degraded; so does one while the path no longer leads to the file opened (decision 042). The file
 * is held with an exclusive lock: a second mock on it is refused with a StateFileError. A JSON file
 * (the format before SQLite) is refused with a way to carry it over.
 *
 * @example
 * const mock = createHttpMock({ seed })
 * const state = openStateDatabase(mock.store, { path: 'pets.db', validators })
 * mock.store.create({ name: 'Rex', categoryId: 1 })
 * await state.committed() // Rex is in pets.db now
 */
export function openStateDatabase(store: PetStore, options: StateDatabaseOptions): StateDatabase {
  const { path, log } = options
  const existed = refuseForeignFile(path)
  const db = openLocked(path)
  if (options.maxPageCount !== undefined)
    db.exec(`PRAGMA max_page_count = ${Math.trunc(options.maxPageCount)}`)
  let insert: StatementSync
  try {
    if (isEmpty(db, path)) {
      // A file that exists but holds nothing of ours is a first start that was killed: its one
      // transaction never committed, so nothing of it counts. Say so, and do it again.
      if (existed)
        log?.(
          `state file: ${path} holds no committed pets (a first start was interrupted); loading the seed into it now`,
        )
      insert = createWithPets(db, store.snapshot())
    } else {
      insert = db.prepare('INSERT INTO pets (pet) VALUES (?)')
      store.reset(readAll(db, path, options.validators))
    }
  } catch (error) {
    db.close()
    if (error instanceof StateFileError) throw error
    throw new StateFileError(`the state file ${path} cannot be loaded: ${(error as Error).message}`)
  }

  let pending: StoreChange[] = []
  let batch: PromiseWithResolvers<void> | undefined
  let degraded: { error: string; since: string } | undefined
  let replaying = false
  // What the path led to when SQLite opened it (it resolves a symlink and keeps its log beside the target).
  const walPath = `${realpathSync(path)}-wal`
  const opened = { file: inode(path), wal: inode(walPath) }
  /** True while degraded because the path does not lead to the file: the file back ends it. */
  let lost = false

  /**
   * Throws unless the path still leads to the file written (decision 042): a write kept in a file
   * deleted, replaced or moved away is not read at restart. A lost log alone is begun again at its
   * path: leaving WAL folds the log SQLite still holds into the file. Two stats per commit.
   */
  function checkInPlace(): void {
    const now = inode(path)
    lost = now !== opened.file
    // A log left at the path would be replayed at restart over the file there now: empty it into its own.
    if (lost && inode(walPath) === opened.wal) db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    if (lost)
      throw new Error(
        `${path} ${now ? 'was replaced by another file' : 'was deleted or moved, or its folder was,'} after the mock opened it; put it back, or restart the mock (it then reads what is at the path, or starts from the seed; GET /__mock/export has the pets held now)`,
      )
    if (inode(walPath) === opened.wal) return
    db.exec('PRAGMA journal_mode = DELETE; PRAGMA journal_mode = WAL; BEGIN EXCLUSIVE; COMMIT')
    opened.wal = inode(walPath)
    log?.(`state file: ${walPath} was lost; what it held is in ${path} and the log is begun again`)
  }

  function fail(message: string): void {
    if (!degraded)
      log?.(`state file: cannot write ${path}: ${message}; creates get 507 until a write succeeds`)
    degraded = { error: message, since: degraded?.since ?? new Date().toISOString() }
  }

  function recover(): void {
    if (degraded) log?.(`state file: ${path} takes writes again`)
    degraded = undefined
  }

  const unsubscribe = store.onChange((change) => {
    if (replaying) return
    pending.push(change)
    if (batch) return
    batch = Promise.withResolvers<void>()
    // A failed batch nobody waits for (a reset from a test, a create through the engine) must not
    // become an unhandled rejection: the failure is in the health and the log already.
    batch.promise.catch(() => {})
    setImmediate(commitPending)
  })

  function commitPending(): void {
    const changes = pending
    const settle = batch
    pending = []
    batch = undefined
    if (!settle) return
    try {
      checkInPlace()
      db.exec('BEGIN IMMEDIATE')
      for (const change of changes) {
        if (change.kind === 'create') insert.run(JSON.stringify(change.pet))
        else {
          db.exec('DELETE FROM pets')
          for (const pet of change.pets) insert.run(JSON.stringify(pet))
        }
      }
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      const message = (error as Error).message
      fail(message)
      takeBack(changes)
      settle.reject(
        new StorageError(`The state file cannot take the write (${message}); no pet was created.`),
      )
      return
    }
    recover()
    settle.resolve()
  }

  /** The store forgets what the database did not keep: the latest creates, or (after a reset) all it holds now. */
  function takeBack(changes: readonly StoreChange[]): void {
    const created = changes.flatMap((change) => (change.kind === 'create' ? [change.pet] : []))
    if (created.length === changes.length && store.undoCreates(created)) return
    replaying = true
    try {
      store.reset(readAll(db, path, options.validators))
    } catch (error) {
      log?.(`state file: cannot reload ${path} after a failed write: ${(error as Error).message}`)
    } finally {
      replaying = false
    }
  }

  return {
    committed: () => batch?.promise ?? Promise.resolve(),
    health() {
      const wasLost = lost
      try {
        checkInPlace()
        if (wasLost) recover()
      } catch (error) {
        fail((error as Error).message)
      }
      return degraded ? { status: 'degraded', path, ...degraded } : { status: 'ok', path }
    },
    close() {
      if (!db.isOpen) return
      commitPending()
      unsubscribe()
      db.close()
    },
  }
}

/**
 * A missing or SQLite file goes on (true when it exists and is not empty: a database was begun in
 * it); anything else is refused before SQLite touches it.
 */
function refuseForeignFile(path: string): boolean {
  const head = Buffer.alloc(SQLITE_HEADER.length)
  let length: number
  try {
    const fd = openSync(path, 'r')
    try {
      length = readSync(fd, head, 0, head.length, 0)
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`)
  }
  const text = head.toString('latin1', 0, length)
  if (length === 0) return false
  if (text === SQLITE_HEADER) return true
  if (/^\s*\[/.test(text))
    throw new StateFileError(
      `the state file ${path} holds JSON, the format before the mock kept its state in SQLite; ` +
        `carry its pets over with --seed ${path} --state-file NEW_FILE (a new state file starts from the seed)`,
    )
  throw new StateFileError(`the state file ${path} is not a SQLite database; the mock does not overwrite it`)
}

/**
 * node:sqlite, loaded when a state file is opened and not at import: Node 22.12 (the package's floor)
 * has no unflagged node:sqlite, and a static import would stop every user of the HTTP mock there,
 * not only those asking for a state file.
 */
function loadSqlite(): typeof import('node:sqlite') {
  const sqlite = process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite') | undefined
  if (sqlite === undefined)
    throw new StateFileError(
      `--state-file needs node:sqlite, built into Node 22.13 and later; this is Node ${process.versions.node}.`,
    )
  return sqlite
}

function openLocked(path: string): DatabaseSync {
  const { DatabaseSync } = loadSqlite()
  let db: DatabaseSync | undefined
  try {
    db = new DatabaseSync(path)
    // EXCLUSIVE before WAL: the lock is held from the first transaction until close (a second mock
    // gets SQLITE_BUSY at once), and WAL needs no shared-memory file next to the database.
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = NORMAL')
    // After a checkpoint, the log file shrinks back (a full disk is not kept full by an old log).
    db.exec('PRAGMA journal_size_limit = 1048576')
    db.exec('BEGIN EXCLUSIVE; COMMIT')
    return db
  } catch (error) {
    db?.close()
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY)
      throw new StateFileError(
        `the state file ${path} is in use by another process (another petstore mock?); stop it or choose another --state-file`,
      )
    throw new StateFileError(`cannot open the state file ${path}: ${(error as Error).message}`)
  }
}

/**
 * True for a database with nothing in it yet (new, or left by an interrupted first start); false for
 * one of ours. Anything else is refused: the mock never changes another program's database.
 */
function isEmpty(db: DatabaseSync, path: string): boolean {
  const version = pragma(db, 'user_version')
  const application = pragma(db, 'application_id')
  if (version === LAYOUT_VERSION && application === APPLICATION_ID) return false
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get()
  if (version !== 0 || application !== 0 || Number(tables?.n) > 0)
    throw new StateFileError(
      `the state file ${path} is a SQLite database of another program or version (application_id ${application}, user_version ${version}); the mock does not change it`,
    )
  return true
}

/**
 * Makes the layout and writes the seed's pets in ONE transaction, marks last: a start killed
 * half-way (a million-pet seed takes seconds) leaves a file with nothing committed, which the next
 * start sees as empty and fills again, never a state file of 0 pets that reads as healthy.
 * Returns the insert statement for later writes.
 */
function createWithPets(db: DatabaseSync, pets: readonly Pet[]): StatementSync {
  db.exec('BEGIN IMMEDIATE')
  try {
    // seq keeps creation order (lists come oldest first); the pet's id is inside the JSON.
    db.exec('CREATE TABLE pets (seq INTEGER PRIMARY KEY, pet TEXT NOT NULL)')
    const insert = db.prepare('INSERT INTO pets (pet) VALUES (?)')
    for (const pet of pets) insert.run(JSON.stringify(pet))
    // The header fields are part of the transaction: a file is ours only once its pets are in.
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`)
    db.exec(`PRAGMA user_version = ${LAYOUT_VERSION}`)
    db.exec('COMMIT')
    return insert
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** The device and inode `path` leads to now (the same file, as long as it is the same), or undefined for none. */
function inode(path: string): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false })
  return stat && `${stat.dev}:${stat.ino}`
}

function pragma(db: DatabaseSync, name: string): number {
  return Number(db.prepare(`PRAGMA ${name}`).get()?.[name])
}

function readAll(db: DatabaseSync, path: string, validators: SpecValidators): Pet[] {
  const validate = validators.schema('Pet')
  const pets: Pet[] = []
  for (const row of db.prepare('SELECT seq, pet FROM pets ORDER BY seq').iterate()) {
    const where = `the state file ${path} holds a row (seq ${row.seq})`
    let pet: ExactJson
    try {
      // Exact: an int64 categoryId written as its digits comes back as its digits (decisions/014-int64-exact.md).
      pet = parseExactJson(String(row.pet))
    } catch {
      throw new StateFileError(`${where} that is not JSON`)
    }
    const checked = validateExact(pet, validate, 'pet')
    if (!checked.ok) throw new StateFileError(`${where} that is not a Pet: ${checked.message}`)
    pets.push(checked.value as Pet)
  }
  return pets
}
