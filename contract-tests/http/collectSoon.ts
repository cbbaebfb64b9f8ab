import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** A body this long (in characters), or one cut or not parsed (its bytes were read), asks for a collection. */
export const LARGE_BODY_CHARS = 262_144

let collect: (() => void) | undefined
let pending = false

/**
 * Asks V8 for a full collection on the next turn of the event loop (one at a time). A parsed 1 MiB
 * body is millions of small objects that outlive the young generation, so V8 promotes them and lets
 * the old generation grow for hundreds of MiB before it collects: the run's memory would follow what
 * the target sends, not what the run keeps. After a large body has been judged and dropped, one
 * collection brings the heap back to what is kept. The collector is reached the way `--expose-gc`
 * would give it, set at run time, since a bin cannot pass Node flags portably.
 *
 * @example
 * if (text.length >= LARGE_BODY_CHARS) collectSoon()
 */
export function collectSoon(): void {
  if (pending) return
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  pending = true
  setImmediate(collectPending)
}

/**
 * Runs the collection collectSoon asked for now, if it has not run yet: called before another large
 * body is parsed, so at most one dropped body's garbage is alive when the next one is built (answers
 * that arrive together, as a model phase's concurrent streams' do, would otherwise pile up).
 */
export function collectPending(): void {
  if (!pending) return
  pending = false
  collect?.()
}
