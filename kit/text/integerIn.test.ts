import { expect, test } from '@jest/globals'
import fc from 'fast-check'
import { integerIn, settingText } from './integerIn.ts'

test.each([
  ['4010', 4010],
  ['0', 0],
  ['065535', 65535],
])('%s is read as %s', (text, want) => {
  expect(integerIn('port', text, 0, 65535)).toBe(want)
})

test.each(['', ' 80', '-1', '+1', '1e3', '0x10', '65536', '1.0', '٣٠٠٠', '9'.repeat(400)])(
  '%j is refused with one line naming the flag and the range',
  (text) => {
    expect(() => integerIn('port', text, 0, 65535)).toThrow(
      /^--port must be an integer from 0 to 65535; received '/,
    )
  },
)

test('whatever the value, the refusal is one short line with nothing a terminal would obey', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 2_000 }), (text) => {
      let message = ''
      try {
        integerIn('port', text, 0, 65535)
        return
      } catch (error) {
        message = (error as Error).message
      }
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not appear
      expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
      expect(message.length).toBeLessThan(200)
    }),
  )
  expect(() => integerIn('port', '1\n\u001b[2J', 0, 65535)).toThrow("received '1\\n\\e[2J'")
})

test('a setting is the flag, else its variable (then named in messages), else the default', () => {
  expect(settingText('port', '1', { PORT: 'abc' }, 'PORT', '4010')).toEqual({ name: 'port', text: '1' })
  expect(settingText('port', undefined, { PORT: 'abc' }, 'PORT', '4010')).toEqual({
    name: 'port (from PORT)',
    text: 'abc',
  })
  expect(settingText('port', undefined, {}, 'PORT', '4010')).toEqual({ name: 'port', text: '4010' })
  // An empty variable is still what the environment said.
  expect(settingText('port', undefined, { PORT: '' }, 'PORT', '4010')).toEqual({
    name: 'port (from PORT)',
    text: '',
  })
})
