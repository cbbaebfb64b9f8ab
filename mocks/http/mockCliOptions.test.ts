import { describe, expect, test } from '@jest/globals'
import { readOptions } from '../../kit/node/optionTable.ts'
import type { TypedIn } from '../../kit/node/whereTyped.ts'
import { DEFAULT_MAX_PETS } from '../core/PetStore.ts'
import { MOCK_CLI_OPTIONS, mockUsage } from './mockCliOptions.ts'

/** The mock's settings as its CLI reads them. */
const parseCliOptions = (
  argv: readonly string[],
  env: Record<string, string | undefined>,
  typedIn?: TypedIn,
) => readOptions(MOCK_CLI_OPTIONS, argv, env, { typedIn })

describe("the mock's options, read", () => {
  test('defaults: 127.0.0.1:4010 (Prism’s port), no extra keys, fixture seed', () => {
    expect(parseCliOptions([], {})).toMatchObject({
      host: '127.0.0.1',
      port: 4010,
      apiKey: [],
      seed: undefined,
      latency: 0,
    })
  })

  test('flags win over the environment', () => {
    const env = { PORT: '5000', HOST: '0.0.0.0', PETSTORE_API_KEYS: 'env-key' }
    expect(parseCliOptions(['--port', '0', '--api-key', 'a', '--api-key', 'b'], env)).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      apiKey: ['a', 'b'],
    })
  })

  test('--max-pets: the flag, then PETSTORE_MAX_PETS, then DEFAULT_MAX_PETS; not a count is refused', () => {
    expect(parseCliOptions([], {}).maxPets).toBe(DEFAULT_MAX_PETS)
    expect(parseCliOptions([], { PETSTORE_MAX_PETS: '7' }).maxPets).toBe(7)
    expect(parseCliOptions(['--max-pets', '0'], { PETSTORE_MAX_PETS: '7' }).maxPets).toBe(0)
    for (const bad of ['-1', '1.5', 'many', '', '1e6'])
      expect(() => parseCliOptions([`--max-pets=${bad}`], {})).toThrow(/--max-pets must be an integer/)
    expect(mockUsage('petstore-mock')).toContain(`default ${DEFAULT_MAX_PETS}`)
  })

  test('PETSTORE_API_KEYS is a comma-separated list', () => {
    expect(parseCliOptions([], { PETSTORE_API_KEYS: ' one, two ,,' }).apiKey).toEqual(['one', 'two'])
  })

  test('session bounds and journal size: flags, then environment, then the documented defaults', () => {
    expect(parseCliOptions([], {})).toMatchObject({
      maxSessions: undefined,
      sessionIdle: 30,
      journalSize: 500,
    })
    const env = { PETSTORE_MAX_SESSIONS: '7', PETSTORE_SESSION_IDLE: '5', PETSTORE_JOURNAL_SIZE: '50' }
    expect(parseCliOptions([], env)).toMatchObject({ maxSessions: 7, sessionIdle: 5, journalSize: 50 })
    expect(
      parseCliOptions(['--max-sessions', '3', '--session-idle', '1', '--journal-size', '9'], env),
    ).toMatchObject({
      maxSessions: 3,
      sessionIdle: 1,
      journalSize: 9,
    })
  })

  test.each([
    [['--max-sessions', '0'], /--max-sessions must be an integer from 1/],
    [['--session-idle', '0'], /--session-idle/],
    [['--journal-size', 'many'], /--journal-size/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535; received 'abc'/],
    [['--port', '70000'], /--port/],
    [['--latency', '-5'], /--latency/],
    [['--latency', '200-50'], /--latency must be MIN-MAX with MIN <= MAX; received '200-50'/],
    [['--latency', '50-'], /--latency/],
    [['--api-key', 'has space'], /bearer token/],
    [['--nope'], /Unknown option/],
  ])('%j is refused with a message naming the setting', (argv, message) => {
    expect(() => parseCliOptions(argv, {})).toThrow(message)
  })

  test('--latency is a fixed delay, or MIN-MAX: a delay drawn for each response between them', () => {
    expect(parseCliOptions(['--latency', '100'], {}).latency).toBe(100)
    expect(parseCliOptions(['--latency', '50-200'], {}).latency).toEqual({ min: 50, max: 200 })
    expect(parseCliOptions([], { PETSTORE_LATENCY_MS: '0-20' }).latency).toEqual({ min: 0, max: 20 })
  })

  test('short aliases mean the same as the long flags', () => {
    const long = parseCliOptions(['--port', '0', '--api-key', 'k1', '--quiet', '--watch'], {})
    const short = parseCliOptions(['-p', '0', '-k', 'k1', '-q', '-w'], {})
    expect(short).toEqual(long)
    expect(short).toMatchObject({ port: 0, apiKey: ['k1'], quiet: true, watch: true })
  })

  test('remote $refs are off unless --allow-remote-refs (the spec is untrusted input)', () => {
    expect(parseCliOptions([], {}).allowRemoteRefs).toBe(false)
    expect(parseCliOptions(['--allow-remote-refs'], {}).allowRemoteRefs).toBe(true)
  })

  test('-h is help, never the host; --host has no short form', () => {
    expect(parseCliOptions(['-h'], {})).toMatchObject({ help: true, host: '127.0.0.1' })
    expect(() => parseCliOptions(['-h', '0.0.0.0'], {})).toThrow(/Unexpected argument|positional/i)
    expect(parseCliOptions(['-v'], {}).version).toBe(true)
  })

  test('--spec (or PETSTORE_SPEC) names the document to serve; the flag wins', () => {
    expect(parseCliOptions([], {}).spec).toBeUndefined()
    expect(parseCliOptions([], { PETSTORE_SPEC: 'env.yaml' }).spec).toBe('env.yaml')
    expect(parseCliOptions(['--spec', 'copy.yaml'], { PETSTORE_SPEC: 'env.yaml' }).spec).toBe('copy.yaml')
  })

  test('the help names the command it is given and lists every option the parser accepts', () => {
    const usage = mockUsage('petstore-mock')
    expect(usage.startsWith('Usage: petstore-mock [options]')).toBe(true)
    expect(usage).not.toContain('npm start')
    // Every long flag in the help parses (a flag documented but not accepted would throw).
    const flags = [...usage.matchAll(/^ {2}(?:-[a-z], |\s{4})(--[a-z-]+)(?: ([A-Z]+))?/gm)]
    expect(flags.length).toBeGreaterThan(10)
    for (const [, flag, value] of flags) {
      const args = value === undefined ? [flag] : [flag, /^(N|MS|MIN)$/.test(value) ? '1' : 'x']
      expect(() => parseCliOptions(args as string[], {})).not.toThrow()
    }
  })

  test('a number refused names where it came from: the flag, or the environment variable the help gives', () => {
    // Every numeric option whose help line names a variable: `--port N ... (env PORT, default 4010)`.
    const lines = mockUsage('petstore-mock').split('\n')
    const numeric = lines.flatMap((line, at) => {
      const option = /^ {2}(?:-[a-z], |\s{4})(--[a-z-]+) (N|MS|MIN)\b/.exec(line)
      // The variable is on the option's line or the one after it (a long description wraps).
      const variable = /\(env ([A-Z_]+)/.exec(`${line} ${lines[at + 1] ?? ''}`)?.[1]
      return option && variable ? [[option[1] as string, variable] as const] : []
    })
    expect(numeric.map(([flag]) => flag)).toEqual(
      expect.arrayContaining(['--port', '--max-pets', '--latency', '--journal-size']),
    )
    for (const [flag, variable] of numeric) {
      expect(() => parseCliOptions([], { [variable]: 'x' })).toThrow(`${flag} (from ${variable}) must be`)
      expect(() => parseCliOptions([flag, 'x'], {})).toThrow(new RegExp(`^${flag} must be`))
      // The flag wins: a bad variable under a good flag is never read.
      expect(() => parseCliOptions([flag, '1'], { [variable]: 'x' })).not.toThrow()
    }
  })

  test('--spec, --seed and --state-file typed under npm start in a subfolder resolve in that subfolder', () => {
    const typedIn = {
      env: { INIT_CWD: '/repo/app', npm_lifecycle_script: 'exec node mocks/http/start.mjs' },
      script: '/repo/mocks/http/start.mjs',
      cwd: '/repo',
    }
    const argv = ['--spec', 'copy.yaml', '--seed', 'pets.json', '--state-file', '/var/pets.db']
    expect(parseCliOptions(argv, {}, typedIn)).toMatchObject({
      spec: 'app/copy.yaml',
      seed: 'app/pets.json',
      stateFile: '/var/pets.db',
    })
    expect(parseCliOptions(['--seed', 'pets.json'], {}, { ...typedIn, env: {} }).seed).toBe('pets.json')
  })
})
