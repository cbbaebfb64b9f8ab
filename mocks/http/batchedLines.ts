/**
 * A line writer that gathers the lines of one event-loop turn into one write. Under load the mock
 * logs one line per request; a write per line costs about a quarter of a cheap request's CPU.
 * Lines keep their order, and nothing waits longer than the current turn.
 *
 * With `everyMs`, it also writes at most once every `everyMs` milliseconds: a line that comes after
 * a quiet spell still goes out by the next turn, while under steady traffic (a request a turn, each
 * its own write otherwise) the lines of `everyMs` go out together. `flush` writes what is pending
 * now: call it before the process exits.
 *
 * @example
 * const log = batchedLines((text) => process.stdout.write(text))
 * log('GET /v1/pets 200 0.4ms')
 */
export function batchedLines(
  write: (text: string) => void,
  everyMs = 0,
): ((line: string) => void) & { flush(): void } {
  let pending: string[] = []
  let lastWrite = Number.NEGATIVE_INFINITY
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending.length === 0) return
    const text = `${pending.join('\n')}\n`
    pending = []
    lastWrite = performance.now()
    write(text)
  }
  const log = (line: string) => {
    pending.push(line)
    if (scheduled) return
    scheduled = true
    const wait = lastWrite + everyMs - performance.now()
    if (wait <= 0) setImmediate(flush)
    else setTimeout(flush, wait)
  }
  return Object.assign(log, { flush })
}
