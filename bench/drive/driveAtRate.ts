import type { ReadResponse } from './HttpResponseReader.ts'
import { KeepAliveConnection } from './KeepAliveConnection.ts'

export interface AtRateOptions {
  /** Requests in all: request k is due at k / rate seconds after the start. */
  count: number
  rate: number
  /** At most this many in flight (one per connection); a request due while all are busy waits. */
  connections: number
  /** The run stops here whatever is left: every loop of the bench is bounded in count and time. */
  maxSeconds: number
}

export interface AtRateResult {
  /** Requests answered, whatever the status. */
  answered: number
  /** Requests that failed on the connection (reset, closed). */
  errors: number
  /** Requests still unanswered when `maxSeconds` ran out. */
  unfinished: number
  seconds: number
}

/**
 * How many of `count` requests are due `elapsedMs` after the start, at `rate` a second (request 0 at
 * once, request k at k / rate s).
 *
 * @example
 * dueCount(1000, 5000, 100_000) // 5001
 */
export function dueCount(elapsedMs: number, rate: number, count: number): number {
  if (elapsedMs < 0) return 0
  return Math.min(count, Math.floor((elapsedMs * rate) / 1000) + 1)
}

/**
 * An open-loop load: requests sent at a fixed rate whatever the server's speed, as many clients of a
 * shared mock would send them. Each latency is counted from when the request was due, not from when
 * a connection was free, so a server that falls behind shows it in its percentiles (no coordinated
 * omission). `onResponse` gets each answer with its index and latency.
 */
export async function driveAtRate(
  port: number,
  requestAt: (index: number) => Buffer,
  options: AtRateOptions,
  onResponse: (index: number, response: ReadResponse, latencyMs: number) => void,
): Promise<AtRateResult> {
  const idle = await Promise.all(
    Array.from({ length: options.connections }, () => KeepAliveConnection.open(port)),
  )
  const all = [...idle]
  const result: AtRateResult = { answered: 0, errors: 0, unfinished: 0, seconds: 0 }
  const started = performance.now()
  const dueAt = (index: number): number => started + (index * 1000) / options.rate
  let next = 0
  let due = 0
  let over = false

  await new Promise<void>((resolve) => {
    const settled = (): boolean => result.answered + result.errors === options.count
    const dispatch = (): void => {
      while (next < due && idle.length > 0) {
        const connection = idle.pop() as KeepAliveConnection
        const index = next++
        connection.send(requestAt(index)).then(
          (response) => {
            if (over) return
            result.answered++
            onResponse(index, response, performance.now() - dueAt(index))
            idle.push(connection)
            if (settled()) resolve()
            else dispatch()
          },
          () => {
            if (over) return
            result.errors++
            if (settled()) resolve()
            else dispatch()
          },
        )
      }
    }
    const tick = (): void => {
      const elapsed = performance.now() - started
      if (elapsed > options.maxSeconds * 1000) {
        resolve()
        return
      }
      due = dueCount(elapsed, options.rate, options.count)
      dispatch()
      if (!settled()) setTimeout(tick, 1)
    }
    tick()
  })

  over = true
  result.seconds = (performance.now() - started) / 1000
  result.unfinished = options.count - result.answered - result.errors
  for (const connection of all) connection.close()
  return result
}
