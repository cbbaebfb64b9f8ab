import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describeAjvErrors, type Pet, type SpecValidators } from '../../spec/runtime.ts'
import type { PetStore } from '../core/PetStore.ts'
import type { HttpMock } from './createHttpMock.ts'

/** Why the mock cannot start with this state file; the CLI prints it and exits with code 2. */
export class StateFileError extends Error {}

export interface StateFile {
  /** Marks the store changed: it is written within `delayMs`, however many changes follow. */
  changed(): void
  /** Writes now, if anything changed since the last write. Synchronous, so it is safe in a signal handler. */
  flush(): void
}

export interface StateFileOptions {
  path: string
  validators: SpecValidators
  /** Writes are coalesced: the first change starts the clock, later ones ride along. 100 ms. */
  delayMs?: number
  /** Told when a write fails (the mock keeps serving and retries on the next change). */
  log?: (line: string) => void
}

/**
 * Makes the HTTP mock's store durable (`--state-file PATH`): loads the pets the file holds (a missing
 * file is created at once, so an unwritable path fails at start-up), then writes the whole store
 * after accepted writes, atomically (a temporary file in the same directory, fsync, rename), at most
 * once per `delayMs`, and on server close. A file that cannot be read, is not JSON or is not a Pets
 * array throws a StateFileError: never a silent reset. Pass `changed` as the mock's `onWrite`.
 *
 * @example
 * let state: StateFile | undefined
 * const mock = createHttpMock({ onWrite: () => state?.changed() })
 * state = openStateFile(mock, { path: 'pets.json', validators })
 * process.once('SIGTERM', () => { state?.flush(); process.exit(0) })
 */
export function openStateFile(mock: HttpMock, options: StateFileOptions): StateFile {
  const { path } = options
  const saved = readStateFile(path, options.validators)
  if (saved) {
    try {
      mock.store.reset(saved)
    } catch (error) {
      throw new StateFileError(`the state file ${path} cannot be loaded: ${(error as Error).message}`)
    }
  } else {
    try {
      writeAtomically(path, serialise(mock.store))
    } catch (error) {
      throw new StateFileError(`cannot create the state file ${path}: ${(error as Error).message}`)
    }
  }
  const state = persistStore(mock.store, options)
  mock.server.on('close', state.flush)
  return state
}

/** The pets in a state file, or undefined when there is none yet. */
export function readStateFile(path: string, validators: SpecValidators): Pet[] | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new StateFileError(
      `the state file ${path} is not valid JSON (${(error as Error).message}); fix or remove it: the mock does not overwrite it`,
    )
  }
  const validate = validators.schema('Pets')
  if (!validate(parsed)) {
    throw new StateFileError(
      `the state file ${path} is not a Pets array: ${describeAjvErrors(validate.errors, 'state')}`,
    )
  }
  return parsed as Pet[]
}

function persistStore(store: PetStore, options: StateFileOptions): StateFile {
  let timer: NodeJS.Timeout | undefined
  let dirty = false

  function flush(): void {
    clearTimeout(timer)
    timer = undefined
    if (!dirty) return
    dirty = false
    try {
      writeAtomically(options.path, serialise(store))
    } catch (error) {
      dirty = true
      options.log?.(`state file: cannot write ${options.path}: ${(error as Error).message}`)
    }
  }

  return {
    changed() {
      dirty = true
      // Not a debounce: under steady load a debounce would never fire. unref: a pending write never
      // keeps the process alive; exits go through flush (server close, SIGTERM, SIGINT).
      timer ??= setTimeout(flush, options.delayMs ?? 100).unref()
    },
    flush,
  }
}

function serialise(store: PetStore): string {
  return `${JSON.stringify(store.snapshot(), null, 2)}\n`
}

/** Readers see the old file or the new one, never half of one. */
function writeAtomically(path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`)
  try {
    const fd = openSync(temporary, 'w')
    try {
      writeSync(fd, text)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temporary, path)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}
