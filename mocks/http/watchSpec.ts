import { type FSWatcher, watch } from 'node:fs'
import { basename, dirname, relative } from 'node:path'
import { compileSpec } from '../../spec/runtime.ts'
import { createEngine, describeOperations } from '../core/createEngine.ts'
import { PetStore } from '../core/PetStore.ts'
import type { MockSpec } from '../server/servedSpecAnswer.ts'
import { specLoadThread } from './specLoadThread.ts'

/** What one reload did: took the new document in, or kept the last good one and why. */
export type SpecReload = { ok: true; spec: Required<MockSpec> } | { ok: false; reason: string }

export interface WatchSpecOptions {
  /** The OpenAPI file to watch. */
  path: string
  /** Receives every valid version of the document (e.g. `mock.setSpec`). */
  onSpec(spec: Required<MockSpec>): void
  /** One line per reload: what changed or why the edit was refused. */
  log(line: string): void
  /** Called after every reload attempt (tests wait on it). */
  onReload?(result: SpecReload): void
  /** Quiet time after the last file event before reloading: editors write in several steps. 100 ms. */
  debounceMs?: number
  /** Let `$ref`s fetch http(s) URLs (`--allow-remote-refs`); off by default. */
  allowRemoteRefs?: boolean
}

export interface SpecWatcher {
  /** Loads the file now; resolves once `onSpec` has the new document or the edit was refused. */
  reload(): Promise<SpecReload>
  close(): void
}

/**
 * Spec hot reload for the HTTP mock (`npm start -- --watch`): on every change to the file, load it as
 * `loadSpecFile` does (an unsafe `$ref`, alias bomb or `pattern` is refused like any invalid edit) and
 * hand it to `onSpec`. An invalid edit changes nothing and is logged with the parser's message.
 *
 * The load runs on a thread of its own (`specLoadThread`), so requests in flight never wait for a
 * reload; this thread then compiles each validator on its first use (SPEC_LIMITS.maxSchemaValues bounds one).
 *
 * @example
 * const mock = createHttpMock()
 * const watcher = watchSpec({ path: SPEC_PATH, onSpec: mock.setSpec, log: console.log })
 * // later: watcher.close()
 */
export function watchSpec(options: WatchSpecOptions): SpecWatcher {
  const inCwd = relative(process.cwd(), options.path)
  const name = inCwd === '' || inCwd.startsWith('..') ? options.path : inCwd
  let timer: NodeJS.Timeout | undefined
  // Reloads run one at a time, in the order the edits happened.
  let queue: Promise<unknown> = Promise.resolve()
  const thread = specLoadThread()

  async function load(): Promise<SpecReload> {
    try {
      const { document, text } = await thread.load(options.path, options)
      // The thread compiled every validator to check them; here each compiles on first use.
      const spec = { ...compileSpec(document, { lazy: true }), text }
      // Built again only to say which operations it serves (the thread checked it can).
      const engine = createEngine({ store: new PetStore([]), spec })
      options.onSpec(spec)
      options.log(`spec: reloaded ${name}; the store keeps its pets; ${describeOperations(engine)}`)
      return { ok: true, spec }
    } catch (error) {
      const reason = (error as Error).message
      options.log(`spec: ${name} is invalid, still serving the last good version: ${reason}`)
      return { ok: false, reason }
    }
  }

  function reload(): Promise<SpecReload> {
    const result = queue.then(load)
    queue = result
    void result.then((outcome) => options.onReload?.(outcome))
    return result
  }

  // The directory, not the file: an editor that saves by renaming a new file over the old one would
  // leave a file watcher on a file that no longer exists.
  const watcher: FSWatcher = watch(dirname(options.path), (_event, changed) => {
    if (changed !== null && changed !== basename(options.path)) return
    clearTimeout(timer)
    timer = setTimeout(() => void reload(), options.debounceMs ?? 100)
  })

  return {
    reload,
    close() {
      clearTimeout(timer)
      watcher.close()
      void thread.close()
    },
  }
}
