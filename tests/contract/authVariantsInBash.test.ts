// The curl form of each authentication negative (contract-tests/negative/authVariants.ts), expanded by
// bash as a user's terminal would: exactly the bytes the suite sent, with the key only in the variable.
import { execFileSync } from 'node:child_process'
import { describe, expect, test } from '@jest/globals'
import { authVariants } from '../../contract-tests/negative/authVariants.ts'

// `--norc`: bash started with its stdin on a socket (as Node's child processes are) runs
// ~/.bashrc as if started by sshd; a user's startup file must neither change the expansion nor cost
// seconds a call (pyenv's init took 2 to 7 s a call here: 42 calls, 88 s).
const BASH = ['--norc', '--noprofile', '-c']

describe('authVariants in bash', () => {
  test('the curl form, expanded by bash with the key in $PETSTORE_API_KEY, is exactly the line sent', () => {
    // A long key too: base64 wraps its output at 76 characters unless told otherwise.
    for (const key of ['Sup3r-Secret.Key', `Long-${'k'.repeat(70)}-Key`]) {
      const lines = authVariants(key, 'bearer', 5, 100).flatMap((variant) =>
        variant.lines.map((line) => ({ ...line, label: variant.label })),
      )
      // One bash for all of them: each line's expansion, then a NUL.
      const script = lines.map((line) => `printf '%s\\0' ${line.shown}`).join('\n')
      const expanded = execFileSync('bash', [...BASH, script], {
        env: { PATH: process.env.PATH, PETSTORE_API_KEY: key },
        encoding: 'latin1',
      }).split('\0')
      lines.forEach((line, i) => {
        // curl sends an empty field for `-H 'name;'` (`-H 'name:'` would drop the field).
        const sent = line.value === '' ? 'authorization;' : `authorization: ${line.value}`
        expect([line.label, expanded[i]]).toEqual([line.label, sent])
      })
    }
  })
})
