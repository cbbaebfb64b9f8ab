/** Thrown by `send` once the run's deadline has passed: the runner stops sending and reports the cut. */
export class DeadlineReached extends Error {
  override name = 'DeadlineReached'
}

/** The overall deadline of a run when none is given: long enough for a slow staging, short enough for CI. */
export const DEFAULT_DEADLINE_MS = 300_000

/**
 * The deadline of a run that names none: the default, plus room for a model phase given a time
 * budget (its search, and its shrinking, which gets the same again), so `--budget 10m` alone is not
 * cut at five minutes. A budget in runs has no known length and adds nothing.
 *
 * @example
 * defaultDeadlineFor({ ms: 600_000 }) // 1_500_000
 * defaultDeadlineFor({ runs: 200 }) // 300_000
 */
export function defaultDeadlineFor(budget: { ms?: number | undefined; runs?: number | undefined }): number {
  return DEFAULT_DEADLINE_MS + 2 * (budget.ms ?? 0)
}

export interface Deadline {
  /** Aborted, with a DeadlineReached as its reason, when the deadline passes or the run is stopped. */
  signal: AbortSignal
  /** What the report shows when the deadline (or a stop) cut the run. */
  readonly message: string
  /** Ends the run now, as the deadline would, saying why (a target that stopped answering). */
  stop(why: string): void
  /** When it passes (`Date.now()` ms): a wait for a rate-limited target never goes past it. */
  endsAt: number
  clear(): void
}

/**
 * A deadline `ms` from now. Its signal aborts every request still in flight when it passes, so a
 * target that stalls costs at most the deadline, not a timeout per request.
 *
 * @example
 * const deadline = startDeadline(60_000)
 * await fetch(url, { signal: AbortSignal.any([AbortSignal.timeout(5000), deadline.signal]) })
 * deadline.clear()
 */
export function startDeadline(ms: number): Deadline {
  const controller = new AbortController()
  let message = `The deadline (${formatDuration(ms)}, --deadline or PETSTORE_DEADLINE) cut the run: what was judged before it is reported; the rest is skipped.`
  const stop = (why: string) => {
    if (controller.signal.aborted) return
    message = why
    controller.abort(new DeadlineReached(why))
  }
  const timer = setTimeout(() => stop(message), ms)
  timer.unref()
  return {
    signal: controller.signal,
    get message() {
      return message
    },
    stop,
    endsAt: Date.now() + ms,
    clear: () => clearTimeout(timer),
  }
}

/**
 * Milliseconds as a person reads them.
 *
 * @example
 * formatDuration(1500) // '1.5 s'
 * formatDuration(300_000) // '300 s'
 */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(3))} s`
}
