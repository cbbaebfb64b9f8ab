/** The longest single wait for a rate-limited target: a Retry-After of an hour is not waited for. */
export const RETRY_WAIT_MAX_MS = 30_000
/** How often one request is sent again after 429 or 503 before its answer is taken as it is. */
export const RETRIES_MAX = 5
/** The first wait after a 429 without Retry-After; it doubles with each retry, up to BACKOFF_MAX_MS. */
export const BACKOFF_MS = 250
export const BACKOFF_MAX_MS = 2_000

/**
 * How long to wait before sending a request again, or undefined to take the answer as it is. A 429
 * (Too Many Requests) or a 503 with `Retry-After` asks the client to come back later (RFC 9110
 * §10.2.3, RFC 6585 §4): the suite waits as told (delay-seconds or an HTTP-date), at most
 * RETRY_WAIT_MAX_MS, never past the deadline, at most RETRIES_MAX times; a 429 without a usable
 * Retry-After gets a short doubling backoff. A 503 without one is an answer like any other.
 *
 * @example
 * retryWait({ status: 429, retryAfter: '1' }, 0, Date.now(), Date.now() + 60_000) // 1000
 * retryWait({ status: 503, retryAfter: null }, 0, now, now + 60_000) // undefined
 */
export function retryWait(
  answer: { status: number; retryAfter: string | null },
  attempt: number,
  now: number,
  deadlineAt: number,
): number | undefined {
  if (attempt >= RETRIES_MAX || (answer.status !== 429 && answer.status !== 503)) return undefined
  const asked = retryAfterMs(answer.retryAfter, now)
  if (asked === undefined && answer.status === 503) return undefined
  const wait = Math.min(asked ?? Math.min(BACKOFF_MS * 2 ** attempt, BACKOFF_MAX_MS), RETRY_WAIT_MAX_MS)
  return now + wait < deadlineAt ? wait : undefined
}

/**
 * A Retry-After value in milliseconds from `now`: delay-seconds or an HTTP-date (a date past is 0);
 * undefined when absent or neither.
 *
 * @example
 * retryAfterMs('120', now) // 120000
 * retryAfterMs(new Date(now + 5000).toUTCString(), now) // about 5000
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? ''
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000
  // An HTTP-date names a weekday (IMF-fixdate, RFC 850 or asctime); Date.parse reads all three.
  if (!/^[A-Z][a-z]{2}/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
