import type { RegExpEngine } from 'ajv/dist/types/index.js'
import { RE2JS } from 're2js'

/** A spec `pattern` that the linear-time engine cannot run, with the reason. */
export class UnsafePatternError extends Error {
  override name = 'UnsafePatternError'
}

/**
 * The regular-expression engine Ajv runs every `pattern` of the spec on (`code.regExp`): RE2JS, a
 * pure-JS port of RE2 whose matching time is linear in the input. V8's own engine backtracks:
 * `^([a-zA-Z0-9]+\s?)+$` on a 31-character name that ends in `!` blocked every client of the mock for
 * 18 s. A pattern RE2 cannot run (a backreference, a lookahead or lookbehind) throws at compile time, so
 * the spec is refused at load with the reason instead of served on the backtracking engine.
 *
 * @example
 * new Ajv2020({ code: { regExp: linearRegExp } })
 * linearRegExp('^[a-z]+$', 'u').test('rex') // true
 * linearRegExp('(a)\\1', 'u') // throws UnsafePatternError: ... backreference ...
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, _flags: string) => {
    let compiled: RE2JS
    try {
      // ECMAScript syntax (what JSON Schema patterns are written in) to RE2's: \u00e9, (?<name>...).
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern))
    } catch (error) {
      throw new UnsafePatternError(
        `pattern ${JSON.stringify(pattern)} cannot run on the linear-time engine (RE2 has no backreferences, lookahead or lookbehind, which can take exponential time): ${(error as Error).message}`,
      )
    }
    // JSON Schema's `pattern` is unanchored, like RegExp#test; toString is the key Ajv shares it by.
    return { test: (text: string) => compiled.test(text), toString: () => `/${pattern}/` }
  },
  { code: 'linearRegExp' },
)
