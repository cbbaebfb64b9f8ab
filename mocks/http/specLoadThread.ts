import { Worker } from 'node:worker_threads'
import type { PetStoreDocument } from '../../spec/runtime.ts'

/** The spec thread's old generation, in MiB: twice what the worst document within SPEC_LIMITS takes. */
export const SPEC_THREAD_HEAP_MIB = 1024

/** What the thread is asked: load this file. */
export type SpecLoadRequest = { id: number; path: string; allowRemoteRefs: boolean }

/** What it answers: the validated, dereferenced document and its text, or why it was refused. */
export type SpecLoadReply =
  | { id: number; ok: true; document: PetStoreDocument; text: string }
  | { id: number; ok: false; reason: string }

/** A spec loaded off the event loop: the document to compile, and the file's text. */
export type LoadedSpecFile = { document: PetStoreDocument; text: string }

/** Loads spec files on a thread of its own, one at a time. */
export interface SpecLoadThread {
  /** Loads `path` as `loadSpecFile` does; rejects with its message when the file is refused. */
  load(path: string, options?: { allowRemoteRefs?: boolean }): Promise<LoadedSpecFile>
  /** Ends the thread; a load in flight is refused. */
  close(): Promise<void>
}

/**
 * A worker thread that runs the guarded loader (`loadSpecFile`) for `--watch`, so that a large or
 * hostile edit never holds the HTTP mock's event loop: a 954 KB edit once stalled every client for
 * 54-69 s. The document comes back by structured clone (shared values stay shared) for the caller to
 * compile lazily.
 *
 * Started on the first load and kept for the next ones; it does not keep the process alive. If it
 * dies (out of memory on a document, say), the loads in flight are refused and the next load starts
 * a new one. `heapMiB` sets its old generation (SPEC_THREAD_HEAP_MIB by default).
 *
 * @example
 * const thread = specLoadThread()
 * const { document, text } = await thread.load('openapi.yaml')
 * const spec = { ...compileSpec(document, { lazy: true }), text }
 */
export function specLoadThread(options: { heapMiB?: number } = {}): SpecLoadThread {
  let worker: Worker | undefined
  let next = 0
  const pending = new Map<number, { resolve(loaded: LoadedSpecFile): void; reject(error: Error): void }>()
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
    worker = undefined
  }
  const start = (): Worker => {
    // The source runs as .ts (Node strips types); the package runs the compiled .js beside this file.
    const file = import.meta.url.endsWith('.ts') ? './specLoadWorker.ts' : './specLoadWorker.js'
    // A heap of its own, bounded: the worst document within SPEC_LIMITS grew the loader's memory by
    // 554 MiB; one that found a way past them ends this thread (the reload is refused), not the mock.
    const started = new Worker(new URL(file, import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: options.heapMiB ?? SPEC_THREAD_HEAP_MIB },
    })
    started.unref()
    started.on('message', (reply: SpecLoadReply) => {
      const waiting = pending.get(reply.id)
      pending.delete(reply.id)
      if (reply.ok) waiting?.resolve({ document: reply.document, text: reply.text })
      else waiting?.reject(new Error(reply.reason))
    })
    started.on('error', (error) => failAll(new Error(`the spec thread failed: ${error.message}`)))
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`the spec thread exited (${code})`))
    })
    return started
  }
  return {
    load(path, options = {}) {
      worker ??= start()
      const id = next++
      const request: SpecLoadRequest = { id, path, allowRemoteRefs: options.allowRemoteRefs === true }
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker?.postMessage(request)
      })
    },
    async close() {
      const closing = worker
      worker = undefined
      failAll(new Error('the spec thread was closed'))
      await closing?.terminate()
    },
  }
}
