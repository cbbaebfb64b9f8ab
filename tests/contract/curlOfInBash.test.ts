// curlOf's lines as bash expands them (a child process per case): the key never in the line, and the
// line sends what the suite sent. The pure cases are beside the code (contract-tests/http/curlOf.test.ts).
import { execFileSync } from 'node:child_process'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { curlOf } from '../../contract-tests/http/curlOf.ts'

// `--norc`: bash started with its stdin on a socket (as Node's child processes are) runs
// ~/.bashrc as if started by sshd; a user's startup file must neither change the expansion nor cost
// seconds a call (pyenv's init took 2 to 7 s a call here: 42 calls, 88 s).
const BASH = ['--norc', '--noprofile', '-c']

const keyChar = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=$"\\`\'!',
)
const keys = fc.string({ unit: keyChar, minLength: 6, maxLength: 40 })

/** Header values a check may send that are built from the key (the auth negatives among them). */
const derived: Array<[string, (key: string) => string]> = [
  ['the key', (key) => `Bearer ${key}`],
  ['upper case', (key) => `Bearer ${key.toUpperCase()}`],
  ['lower case', (key) => `Bearer ${key.toLowerCase()}`],
  [
    'swapped case',
    (key) =>
      `Bearer ${key.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))}`,
  ],
  ['cut short', (key) => `Bearer ${key.slice(0, -1)}`],
  ['with a prefix and a suffix', (key) => `Bearer x${key}y`],
  ['in another scheme', (key) => `Basic ${key}`],
  ['with inner whitespace', (key) => `Bearer ${key.slice(0, key.length / 2)} ${key.slice(key.length / 2)}`],
]

/** What bash makes of the `-H` word (the last of these lines), with the key in the environment. */
function headerAsBashSendsIt(line: string, key: string): string {
  const word = line.slice(line.indexOf(' -H ') + 4)
  return execFileSync('bash', [...BASH, `printf '%s' ${word}`], {
    env: { PETSTORE_API_KEY: key },
    encoding: 'utf8',
  })
}

describe('curlOf: the key never in the line, and the line sends what the suite sent', () => {
  test.each(derived)('%s', (_name, header) => {
    fc.assert(
      fc.property(keys, (key) => {
        const value = header(key)
        const line = curlOf('GET', 'http://127.0.0.1:4010/v1/pets', { authorization: value }, undefined, key)
        expect(line).not.toContain(key)
        expect(line).not.toContain(key.slice(0, Math.ceil((2 * key.length) / 3)))
        expect(headerAsBashSendsIt(line, key)).toBe(`authorization: ${value}`)
      }),
      { numRuns: 25 },
    )
  })

  test('a URL carrying the key (a credential in the query) reads it from the variable and sends the same URL', () => {
    fc.assert(
      fc.property(keys, (key) => {
        const url = `http://127.0.0.1:4010/v1/pets?api_key=${key}`
        const line = curlOf('GET', url, {}, undefined, key)
        expect(line).not.toContain(key)
        const word = line.slice(line.indexOf(' -X GET ') + 8)
        const sent = execFileSync('bash', [...BASH, `printf '%s' ${word}`], {
          env: { PETSTORE_API_KEY: key },
          encoding: 'utf8',
        })
        expect(sent).toBe(url)
      }),
      { numRuns: 25 },
    )
  })
})
