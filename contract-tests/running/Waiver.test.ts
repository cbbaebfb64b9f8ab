import { describe, expect, test } from '@jest/globals'
import { CHECKS } from '../checks/index.ts'
import { expiredOn, waiversIn } from './Waiver.ts'

const yaml = `# decided in the API review of 2026-03-02
- check: ambiguous_credentials_rejected
  operation: getPet
  reason: the gateway keeps the first Authorization header (SEC-12)
  expires: 2026-06-30
- { check: deprecation_signals, reason: headers added by the CDN from May, expires: 2026-05-31 }
`

describe('waiversIn', () => {
  test('reads a YAML list, and the same as JSON', () => {
    const waivers = waiversIn(yaml, CHECKS, 'waiver')
    expect(waivers).toEqual([
      {
        check: 'ambiguous_credentials_rejected',
        operation: 'getPet',
        reason: 'the gateway keeps the first Authorization header (SEC-12)',
        expires: '2026-06-30',
      },
      { check: 'deprecation_signals', reason: 'headers added by the CDN from May', expires: '2026-05-31' },
    ])
    expect(waiversIn(JSON.stringify(waivers), CHECKS, 'waiver')).toEqual(waivers)
  })

  test.each([
    [
      'an unknown check, listing every name',
      '- { check: nope, reason: r, expires: 2026-01-01 }',
      /waiver 1: no check is named 'nope'; the checks: missing_key_rejected, .*, body_within_cap$/,
    ],
    [
      'an operation the check does not judge',
      '- { check: default_limit, operation: getPet, reason: r, expires: 2026-01-01 }',
      /waiver 1: operation must be one of listPets; received 'getPet'/,
    ],
    ['no reason', '- { check: default_limit, expires: 2026-01-01 }', /waiver 1: a reason is required/],
    [
      'no expiry date',
      '- { check: default_limit, reason: r }',
      /waiver 1: expires must be a date, YYYY-MM-DD; received 'undefined'/,
    ],
    [
      'a date that is none',
      '- { check: default_limit, reason: r, expires: 2026-13-01 }',
      /expires must be a date, YYYY-MM-DD; received '2026-13-01'/,
    ],
    ['not a list', 'check: default_limit', /it must be a list/],
  ])('refuses %s', (_name, text, message) => {
    expect(() => waiversIn(text, CHECKS, 'waiver')).toThrow(message)
  })

  test('a comma-separated --checks list: names, an unknown one a usage error listing them all', () => {
    expect(waiversIn('unique_ids, default_limit', CHECKS, '--checks').map((w) => w.check)).toEqual([
      'unique_ids',
      'default_limit',
    ])
    expect(() => waiversIn('unique_ids,unique-ids', CHECKS, '--exclude-checks')).toThrow(
      /^--exclude-checks: no check is named 'unique-ids'; the checks: missing_key_rejected, /,
    )
  })
})

describe('expiredOn, with the clock given', () => {
  const waiver = { check: 'unique_ids', reason: 'r', expires: '2026-06-30' }
  test.each([
    ['the day before', '2026-06-29T23:59:59Z', false],
    ['its day, from midnight UTC', '2026-06-30T00:00:00Z', true],
    ['any day after', '2027-01-01T12:00:00Z', true],
  ])('%s: expired %s', (_when, now, expired) => {
    const { inForce, expired: ended } = expiredOn([waiver], new Date(now))
    expect(ended.length === 1).toBe(expired)
    expect(inForce.length === 1).toBe(!expired)
  })

  test('an exclusion (--checks, --exclude-checks) never expires', () => {
    const excluded = { check: 'unique_ids', reason: 'excluded by --exclude-checks', excluded: true }
    expect(expiredOn([excluded], new Date('9999-12-31')).inForce).toEqual([excluded])
  })
})
