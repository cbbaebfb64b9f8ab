import type { Redactor } from '../../kit/secrets/createRedactor.ts'
import { redactTarget } from '../../kit/secrets/redactTarget.ts'

/** Targets up to this long have their redacted form remembered; longer ones are redacted each time. */
const REMEMBERED_TARGET_CHARS = 256
/** Redacted targets remembered at most (about 128 KiB at the longest): past it, the memory starts over. */
const REMEMBERED_TARGETS = 256

/**
 * The request log's line writer: `GET /v1/pets?api_key=*** 200 0.4ms`, the target with secrets
 * hidden (`redactTarget`). Built for a log that is on by default (`npm start`): an app sends the
 * same few targets again and again, so each target's redacted form is worked out once and
 * remembered (a bounded map, cleared when full; a long, hostile target is redacted each time, in
 * time linear in its length), and the milliseconds are written without `toFixed`.
 *
 * @example
 * const line = requestLine(createRedactor(['petstore-dev-key']))
 * line('GET', '/v1/pets?token=abc', 200, 0.43) // 'GET /v1/pets?token=*** 200 0.4ms'
 */
export function requestLine(
  redact: Redactor,
): (method: string, target: string, status: number | 'aborted', ms: number) => string {
  let redacted = new Map<string, string>()
  const safe = (target: string): string => {
    if (target.length > REMEMBERED_TARGET_CHARS) return redactTarget(target, redact)
    let shown = redacted.get(target)
    if (shown === undefined) {
      shown = redactTarget(target, redact)
      if (redacted.size >= REMEMBERED_TARGETS) redacted = new Map()
      redacted.set(target, shown)
    }
    return shown
  }
  return (method, target, status, ms) =>
    status === 'aborted'
      ? `${method} ${safe(target)} client aborted the request`
      : `${method} ${safe(target)} ${status} ${tenths(ms)}ms`
}

/**
 * Milliseconds to one decimal, as `toFixed(1)` gives them for the durations a request takes
 * (`0.4`, `12.0`), at a fraction of its cost.
 *
 * @example
 * tenths(0.43) // '0.4'
 */
export function tenths(ms: number): string {
  const scaled = Math.round(ms * 10)
  if (!(scaled >= 0 && scaled < 1e15)) return ms.toFixed(1)
  const whole = Math.floor(scaled / 10)
  return `${whole}.${scaled - whole * 10}`
}
