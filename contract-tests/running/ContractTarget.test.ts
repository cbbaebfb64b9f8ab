import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { seedFlag } from '../checks/modelBasedSequences.ts'
import { DEFAULT_REPORTS, resolveTarget } from './ContractTarget.ts'

describe('resolveTarget', () => {
  test('flags win over the environment', () => {
    const target = resolveTarget(
      ['--base-url', 'http://a.example/v1/', '--api-key', 'flag-key', '--strict'],
      {
        PETSTORE_BASE_URL: 'http://b.example/v1',
        PETSTORE_API_KEY: 'env-key',
      },
    )
    expect(target).toMatchObject({ baseUrl: 'http://a.example/v1', apiKey: 'flag-key', strict: true })
  })

  test('the environment alone is enough', () => {
    const target = resolveTarget([], {
      PETSTORE_BASE_URL: 'http://b.example/v1',
      PETSTORE_API_KEY: 'env-key',
      PETSTORE_READ_ONLY: '1',
      PETSTORE_TARGET_KIND: 'prism',
    })
    expect(target).toMatchObject({
      apiKey: 'env-key',
      readOnly: true,
      strict: false,
      targetKind: 'prism-mock',
    })
  })

  test('--reproductions sets how often a finding is run again, 0 to 10, the flag over the environment', () => {
    const base = ['--base-url', 'http://127.0.0.1:4010/v1']
    expect(
      resolveTarget([...base, '--reproductions', '5'], { PETSTORE_REPRODUCTIONS: '1' }).reproductions,
    ).toBe(5)
    expect(resolveTarget(base, { PETSTORE_REPRODUCTIONS: '0' }).reproductions).toBe(0)
    expect(resolveTarget(base, {}).reproductions).toBeUndefined()
    expect(() => resolveTarget([...base, '--reproductions', '11'], {})).toThrow(/--reproductions/)
  })

  test('--stateless means prism mock; --reports picks the default report paths', () => {
    const target = resolveTarget(['--base-url', 'http://127.0.0.1:4010', '--stateless', '--reports'], {})
    expect(target.targetKind).toBe('prism-mock')
    expect([target.junitFile, target.jsonFile]).toEqual([DEFAULT_REPORTS.junit, DEFAULT_REPORTS.json])
  })

  test.each([
    [[], /--base-url .* is required/],
    [['--base-url', 'staging.example.com/v1'], /must be an http\(s\) URL/],
    [['--base-url', 'http://a/v1', '--timeout', '0'], /--timeout must be/],
    [['--base-url', 'http://a/v1', '--target-kind', 'wiremock'], /--target-kind must be one of/],
    [['--base-url', 'http://a/v1', '--unknown'], /Unknown option/],
  ])('%j is refused, saying why', (argv, message) => {
    expect(() => resolveTarget(argv, {})).toThrow(message)
  })
})

describe('--deadline and --max-body', () => {
  const base = ['--base-url', 'http://a.example/v1']
  test.each([
    ['90s', 90_000],
    ['5m', 300_000],
    ['1500ms', 1_500],
    ['2', 2_000],
    ['0.5s', 500],
  ])('--deadline %s is %d ms', (text, ms) => {
    expect(resolveTarget([...base, '--deadline', text], {}).deadlineMs).toBe(ms)
  })

  test.each([
    ['4MiB', 4_194_304],
    ['64KiB', 65_536],
    ['65536', 65_536],
  ])('--max-body %s is %d bytes', (text, bytes) => {
    expect(resolveTarget([...base, '--max-body', text], {}).maxBodyBytes).toBe(bytes)
  })

  test('defaults, the environment, and what is refused', () => {
    expect(resolveTarget(base, {})).toMatchObject({ deadlineMs: undefined, maxBodyBytes: 1_048_576 })
    expect(resolveTarget(base, { PETSTORE_DEADLINE: '30s', PETSTORE_MAX_BODY: '2MiB' })).toMatchObject({
      deadlineMs: 30_000,
      maxBodyBytes: 2_097_152,
    })
    for (const bad of ['soon', '-1s', '0', '3h'])
      expect(() => resolveTarget([...base, `--deadline=${bad}`], {})).toThrow(/--deadline must be/)
    for (const bad of ['1MB', '100', 'lots'])
      expect(() => resolveTarget([...base, '--max-body', bad], {})).toThrow(/--max-body must be/)
  })
})

describe('the replay line pastes back', () => {
  test('any seed the model phase prints, negative ones included, parses to that seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (seed) => {
        const argv = ['--base-url', 'http://127.0.0.1:4010/v1', ...seedFlag(seed).split(' ')]
        return resolveTarget(argv, {}).seed === seed
      }),
    )
  })
})
