import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { integer, oneOf, optionHelp, optionTable, path, quantity, readOptions } from './optionTable.ts'

const TABLE = optionTable(
  {
    port: { short: 'p', value: 'N', env: 'PORT', default: 4010, read: integer(0, 65535) },
    host: { value: 'H', default: '127.0.0.1' },
    key: { short: 'k', value: 'KEY', env: 'KEYS', multiple: true },
    spec: { value: 'FILE', env: 'SPEC', read: path },
    strict: { env: 'STRICT' },
  },
  {
    port: 'port to listen on; 0 picks a free one',
    host: 'address to bind',
    key: 'an accepted key; repeat for more',
    spec: 'serve this copy of the document instead of the packaged one, which every test of this table reads',
    strict: 'recommended checks fail the run too',
  },
)

describe('readOptions: the flag, else its variable, else its default', () => {
  test.each([
    [
      'defaults',
      [],
      {},
      { port: 4010, host: '127.0.0.1', key: [], spec: undefined, strict: false, help: false },
    ],
    [
      'the variables',
      [],
      { PORT: '0', KEYS: ' a, b ,,', STRICT: 'yes' },
      { port: 0, key: ['a', 'b'], strict: true },
    ],
    [
      'flags win',
      ['-p', '1', '-k', 'x', '-k', 'y'],
      { PORT: 'abc', KEYS: 'a' },
      { port: 1, key: ['x', 'y'] },
    ],
    ['a switch is on at 1, true or yes only', [], { STRICT: '0' }, { strict: false }],
  ] as const)('%s', (_name, argv, env, want) => {
    expect(readOptions(TABLE, argv, env)).toMatchObject(want)
  })

  test('a value refused names the flag, or the variable it came from; an empty variable is still read', () => {
    expect(() => readOptions(TABLE, ['--port', '70000'], {})).toThrow(
      /^--port must be an integer from 0 to 65535; received '70000'$/,
    )
    expect(() => readOptions(TABLE, [], { PORT: 'abc' })).toThrow(/^--port \(from PORT\) must be an integer/)
    expect(() => readOptions(TABLE, [], { PORT: '' })).toThrow(
      "--port (from PORT) must be an integer from 0 to 65535; received ''",
    )
  })

  test('an unknown flag or an operand is refused unless operands are allowed', () => {
    expect(() => readOptions(TABLE, ['--nope'], {})).toThrow(/Unknown option '--nope'/)
    expect(() => readOptions(TABLE, ['-h', 'x'], {})).toThrow(/Unexpected argument/)
    expect(readOptions(TABLE, ['x.har', '-h'], {}, { positionals: true })).toMatchObject({
      help: true,
      positionals: ['x.har'],
    })
  })

  test('a path resolves where it was typed', () => {
    const typedIn = {
      env: { INIT_CWD: '/repo/web', npm_lifecycle_script: 'node cli.ts' },
      script: '/repo/cli.ts',
      cwd: '/repo',
    }
    expect(readOptions(TABLE, [], { SPEC: 'a.yaml' }, { typedIn }).spec).toBe('web/a.yaml')
  })
})

describe('readers', () => {
  test.each([
    ['4010', 4010],
    ['0', 0],
    ['065535', 65535],
  ])('integer reads %s as %s', (text, want) => {
    expect(integer(0, 65535)(text, '--port')).toBe(want)
  })

  test.each(['', ' 80', '-1', '+1', '1e3', '0x10', '65536', '1.0', '٣٠٠٠', '9'.repeat(400)])(
    'integer refuses %j with one line naming the flag and the range',
    (text) => {
      expect(() => integer(0, 65535)(text, '--port')).toThrow(
        /^--port must be an integer from 0 to 65535; received '/,
      )
    },
  )

  test('whatever the value, the refusal is one short line with nothing a terminal would obey', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2_000 }), (text) => {
        let message = ''
        try {
          integer(0, 65535)(text, '--port')
          return
        } catch (error) {
          message = (error as Error).message
        }
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not appear
        expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
        expect(message.length).toBeLessThan(200)
      }),
    )
    expect(() => integer(0, 65535)('1\n\u001b[2J', '--port')).toThrow("received '1\\n\\e[2J'")
  })

  test('oneOf and quantity', () => {
    expect(oneOf(['a', 'b'])('b', '--kind')).toBe('b')
    expect(() => oneOf(['a', 'b'])('c', '--kind')).toThrow("--kind must be one of a, b; received 'c'")
    const time = quantity({ ms: 1, s: 1000, '': 1000 }, 1, 60_000, 'a duration')
    expect([time('1.5s', '--t'), time('20MS', '--t'), time('2', '--t')]).toEqual([1500, 20, 2000])
    for (const bad of ['0', '61s', '1h', 'soon', '-1s', 'constructor'])
      expect(() => time(bad, '--t')).toThrow(`--t must be a duration; received '${bad}'`)
  })
})

test('optionHelp: one line an option, in one column, wrapped at 100, with the variable and the default', () => {
  expect(optionHelp(TABLE).split('\n')).toEqual([
    '  -p, --port N     port to listen on; 0 picks a free one (env PORT, default 4010)',
    '      --host H     address to bind (default 127.0.0.1)',
    '  -k, --key KEY    an accepted key; repeat for more (env KEYS=a,b)',
    '      --spec FILE  serve this copy of the document instead of the packaged one, which every test of',
    '                   this table reads (env SPEC)',
    '      --strict     recommended checks fail the run too (env STRICT=1)',
    '  -h, --help       this text',
  ])
})
