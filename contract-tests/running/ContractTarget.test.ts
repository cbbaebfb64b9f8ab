import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
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
    expect(target).toMatchObject({
      baseUrl: 'http://a.example/v1',
      apiKey: 'flag-key',
      apiKeyFrom: 'flag',
      strict: true,
    })
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
      apiKeyFrom: 'env',
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
    expect(target.apiKeyFrom).toBe('default')
    expect([target.junitFile, target.jsonFile]).toEqual([DEFAULT_REPORTS.junit, DEFAULT_REPORTS.json])
    expect(target.htmlFile).toBe('reports/contract/report.html')
  })

  test('--reports-dir DIR writes the same reports into DIR, --reports or not; a named file still wins', () => {
    const base = ['--base-url', 'http://127.0.0.1:4010/v1']
    expect(resolveTarget([...base, '--reports-dir', 'out/run7/'], {})).toMatchObject({
      junitFile: 'out/run7/junit.xml',
      jsonFile: 'out/run7/summary.json',
      htmlFile: 'out/run7/report.html',
    })
    const env = { PETSTORE_REPORTS_DIR: 'ci' }
    expect(resolveTarget([...base, '--html', 'page.html'], env)).toMatchObject({
      jsonFile: 'ci/summary.json',
      htmlFile: 'page.html',
    })
    expect(resolveTarget(base, {}).htmlFile).toBeUndefined()
  })

  test.each([
    [[], /--base-url .* is required/],
    [['--base-url', 'staging.example.com/v1'], /must be an http\(s\) URL/],
    [['--base-url', 'http://[::1:4010/v1'], /must be an http\(s\) URL; received 'http:\/\/\[::1:4010\/v1'/],
    [['--base-url', 'http://a/v1?x=1'], /no query or fragment; received 'http:\/\/a\/v1\?x=1'/],
    [['--base-url', 'http://a/v1#top'], /no query or fragment/],
    // Quoted with what could be a secret hidden: a user's password, a credential-named query value.
    [['--base-url', 'http://u:pw@a/v1?api_key=k3y'], /received 'http:\/\/\*\*\*@a\/v1\?api_key=\*\*\*'/],
    [['--base-url', 'ftp://u:pw@a/v1'], /received 'ftp:\/\/\*\*\*@a\/v1'/],
    [['--base-url', 'http://a/v1', '--timeout', '0'], /--timeout must be/],
    [['--base-url', 'http://a/v1', '--target-kind', 'wiremock'], /--target-kind must be one of/],
    [['--base-url', 'http://a/v1', '--unknown'], /Unknown option/],
  ])('%j is refused, saying why', (argv, message) => {
    expect(() => resolveTarget(argv, {})).toThrow(message)
  })
})

describe('the key: --api-key-file, the environment, never two ways at once', () => {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-key-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const base = ['--base-url', 'http://a.example/v1']
  const file = (name: string, text: string) => {
    writeFileSync(join(folder, name), text)
    return join(folder, name)
  }

  test.each([
    ['a key and its newline', 's3cret-key\n', 's3cret-key'],
    ['a key and a CRLF', 's3cret-key\r\n', 's3cret-key'],
    ['a key without a newline', 's3cret-key', 's3cret-key'],
    ['only one newline is dropped, spaces are kept', ' s3cret \n', ' s3cret '],
  ])('%s', (name, text, key) => {
    const path = file(name.replaceAll(' ', '-'), text)
    expect(resolveTarget([...base, '--api-key-file', path], {})).toMatchObject({
      apiKey: key,
      apiKeyFrom: 'file',
    })
    expect(resolveTarget(base, { PETSTORE_API_KEY_FILE: path, PETSTORE_API_KEY: 'other' }).apiKey).toBe(key)
  })

  test('a missing, empty or many-line file is refused, naming the file and never its text', () => {
    const twoLines = file('two', 'first-line-secret\nsecond\n')
    for (const [path, why] of [
      [join(folder, 'absent'), /cannot read it \(ENOENT\)/],
      [folder, /cannot read it \(EISDIR\)/],
      [file('empty', '\n'), /the file is empty/],
      [twoLines, /more than one line/],
    ] as const) {
      expect(() => resolveTarget([...base, '--api-key-file', path], {})).toThrow(why)
    }
    expect(() => resolveTarget([...base, '--api-key-file', twoLines], {})).not.toThrow(/first-line-secret/)
  })

  test('the flag and the file together, or an empty variable, are usage errors', () => {
    const path = file('key', 'k\n')
    expect(() => resolveTarget([...base, '--api-key', 'k', '--api-key-file', path], {})).toThrow(/not both/)
    expect(() => resolveTarget(base, { PETSTORE_API_KEY: '' })).toThrow(/set but empty/)
  })

  test('only --api-key on the command line counts as a key there', () => {
    expect(resolveTarget([...base, '-k', 'k'], {}).keyOnCommandLine).toBe(true)
    expect(resolveTarget(base, { PETSTORE_API_KEY: 'k' }).keyOnCommandLine).toBe(false)
    expect(resolveTarget([...base, '--api-key-file', file('k2', 'k')], {}).keyOnCommandLine).toBe(false)
  })
})

describe('paths resolve where the command was typed', () => {
  test('under npm run in a subfolder, every path option is read from that subfolder', () => {
    const typedIn = {
      env: { INIT_CWD: '/repo/web', npm_lifecycle_script: 'node contract-tests/cli.ts' },
      script: '/repo/contract-tests/cli.ts',
      cwd: '/repo',
    }
    const argv = ['-u', 'http://a/v1', '--replay', 'a.har', '--spec', 'next.yaml', '--json', 'out/s.json']
    expect(resolveTarget([...argv, '--junit', '/tmp/j.xml'], {}, typedIn)).toMatchObject({
      replayFile: 'web/a.har',
      specFile: 'web/next.yaml',
      jsonFile: 'web/out/s.json',
      junitFile: '/tmp/j.xml',
    })
    expect(resolveTarget(['-u', 'http://a/v1', '--reports'], {}, typedIn)).toMatchObject({
      junitFile: `web/${DEFAULT_REPORTS.junit}`,
    })
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
