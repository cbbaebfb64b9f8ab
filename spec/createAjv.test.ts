import { describe, expect, jest, test } from '@jest/globals'
import { _ } from 'ajv'
import { createAjv } from './createAjv.ts'

describe('createAjv', () => {
  test('a schema whose generated code fails to compile prints none of that code', () => {
    // Ajv logged the whole generated function (the spec's names, patterns and values in it) when
    // `new Function` refused it, as it does when a schema of about 3,000 properties overflows the
    // stack. Made certain here with a keyword whose code is not JavaScript.
    const ajv = createAjv()
    ajv.addKeyword({ keyword: 'broken', code: (cxt) => cxt.gen.code(_`"SECRET" +`) })
    const printed = jest.spyOn(console, 'error').mockImplementation(() => {})
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = jest.spyOn(console, 'log').mockImplementation(() => {})
    try {
      expect(() => ajv.compile({ type: 'string', broken: true })).toThrow(SyntaxError)
      for (const spy of [printed, warned, logged]) expect(spy).not.toHaveBeenCalled()
    } finally {
      for (const spy of [printed, warned, logged]) spy.mockRestore()
    }
  })
})
