import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { RETRIES_MAX, RETRY_WAIT_MAX_MS, retryAfterMs, retryWait } from './retryWait.ts'

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)
const LATER = NOW + 600_000

describe('retryWait: 429 and 503 with Retry-After are waited for, within bounds', () => {
  test('delay-seconds and HTTP-date (IMF-fixdate, RFC 850, asctime)', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000)
    expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000)
    expect(retryAfterMs('Tuesday, 24-Nov-26 12:00:07 GMT', NOW)).toBe(7000)
    expect(retryAfterMs('Tue Nov 24 12:00:09 2026', NOW)).toBeGreaterThan(0)
    expect(retryAfterMs(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0)
    for (const bad of [null, '', '-1', '1.5', 'soon', '12abc']) expect(retryAfterMs(bad, NOW)).toBeUndefined()
  })

  test('429 waits as told, or backs off without Retry-After; 503 only with it; nothing else', () => {
    expect(retryWait({ status: 429, retryAfter: '1' }, 0, NOW, LATER)).toBe(1000)
    expect(retryWait({ status: 429, retryAfter: null }, 0, NOW, LATER)).toBe(250)
    expect(retryWait({ status: 429, retryAfter: null }, 2, NOW, LATER)).toBe(1000)
    expect(retryWait({ status: 503, retryAfter: '2' }, 0, NOW, LATER)).toBe(2000)
    expect(retryWait({ status: 503, retryAfter: null }, 0, NOW, LATER)).toBeUndefined()
    expect(retryWait({ status: 500, retryAfter: '1' }, 0, NOW, LATER)).toBeUndefined()
  })

  test('every wait is capped, never passes the deadline, and stops after RETRIES_MAX', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(429, 503),
        fc.option(fc.integer({ min: 0, max: 10 ** 9 }).map(String), { nil: null }),
        fc.nat(10),
        fc.integer({ min: 0, max: 120_000 }),
        (status, retryAfter, attempt, left) => {
          const wait = retryWait({ status, retryAfter }, attempt, NOW, NOW + left)
          if (wait === undefined) return
          expect(wait).toBeLessThanOrEqual(RETRY_WAIT_MAX_MS)
          expect(NOW + wait).toBeLessThan(NOW + left)
          expect(attempt).toBeLessThan(RETRIES_MAX)
        },
      ),
    )
  })
})
