import { expect, test } from '@jest/globals'
import { keyInstruction, SET_KEY_COMMAND } from './keyInstruction.ts'

test.each([
  ['flag', 'the key you passed with --api-key'],
  ['file', 'the key in the file you gave --api-key-file'],
  ['default', 'the default key this run used'],
] as const)('a key from %s: set the variable, then type %s', (source, which) => {
  expect(keyInstruction(source)).toContain(`\`${SET_KEY_COMMAND}\` and type ${which}`)
})

test('a key from the variable: nothing to set', () => {
  expect(keyInstruction('env')).toMatch(/run them in the same shell/)
})
