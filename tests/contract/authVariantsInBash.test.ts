// The curl form of each authentication negative (contract-tests/negative/authVariants.ts), expanded by
// bash as a user's terminal would: exactly the line the suite sent, with the key only in the variable.
import { execFileSync } from 'node:child_process'
import { describe, expect, test } from '@jest/globals'
import { authVariants } from '../../contract-tests/negative/authVariants.ts'

describe('authVariants in bash', () => {
  test('the curl form, expanded by bash with the key in $PETSTORE_API_KEY, is exactly the line sent', () => {
    // A long key too: base64 wraps its output at 76 characters unless told otherwise.
    for (const key of ['Sup3r-Secret.Key', `Long-${'k'.repeat(70)}-Key`])
      for (const variant of authVariants(key, 'bearer')) {
        for (const line of variant.lines) {
          const expanded = execFileSync('bash', ['-c', `printf '%s' ${line.shown}`], {
            env: { PATH: process.env.PATH, PETSTORE_API_KEY: key },
            encoding: 'utf8',
          })
          expect([variant.label, expanded]).toEqual([variant.label, `authorization: ${line.value}`])
        }
      }
  })
})
