import type { RegExpEngine } from 'ajv/dist/types/index.js'
import { RE2JS } from 're2js'
import { SPEC_LIMITS } from './specLimits.ts'
import { quoted, translatePattern } from './translatePattern.ts'
import { UnsafePatternError } from './UnsafePatternError.ts'

/** What the patterns of one document may cost to compile: these bounds of SPEC_LIMITS, documented there. */
export type PatternLimits = Record<
  'maxPatterns' | 'maxPatternSize' | 'maxPatternSizes' | 'maxPropertyEscapes',
  number
>

type Compiled = { test(text: string): boolean; toString(): string }

/**
 * A regular-expression engine for Ajv (`code.regExp`) that runs every `pattern` of a spec on RE2JS, a
 * pure-JS port of RE2 whose matching time is linear in the input. V8's own engine backtracks:
 * `^([a-zA-Z0-9]+\s?)+$` on a 31-character name that ends in `!` blocked every client of the mock for
 * 18 s. Each pattern is translated so that RE2 matches exactly what ECMAScript would
 * (`translatePattern`), or refused with the construct and the reason; a refusal throws when the schema
 * compiles, so a loaded spec is refused at load rather than served wrongly.
 *
 * One engine per document (`createAjv` makes one per Ajv instance): it compiles each distinct pattern
 * once and holds the document to `limits`, which bound what compiling its patterns costs.
 *
 * @example
 * new Ajv2020({ code: { regExp: linearRegExpEngine() } })
 * linearRegExpEngine()('^[a-z]+$', 'u').test('rex') // true
 * linearRegExpEngine()('(a)\\1', 'u') // throws UnsafePatternError: … a backreference \1 …
 */
export function linearRegExpEngine(limits: PatternLimits = SPEC_LIMITS): RegExpEngine {
  const compiled = new Map<string, Compiled>()
  const properties = new Set<string>()
  let sizes = 0
  const engine = (pattern: string, flags: string): Compiled => {
    // Ajv's unicodeRegExp (on by default): JSON Schema patterns are read with the u flag.
    if (flags !== 'u') throw new Error(`linearRegExp reads patterns with the u flag only, not "${flags}"`)
    const known = compiled.get(pattern)
    if (known) return known
    const refuse = (why: string): never => {
      throw new UnsafePatternError(`pattern ${quoted(pattern)} refused: ${why}`)
    }
    if (compiled.size >= limits.maxPatterns)
      refuse(`the spec holds more than ${limits.maxPatterns} distinct patterns (SPEC_LIMITS.maxPatterns)`)
    const { re2, size } = translatePattern(pattern, (name) => {
      properties.add(name)
      if (properties.size > limits.maxPropertyEscapes)
        refuse(
          `the spec names more than ${limits.maxPropertyEscapes} distinct \\p{…} properties (SPEC_LIMITS.maxPropertyEscapes)`,
        )
    })
    if (size > limits.maxPatternSize)
      refuse(
        `${size} positions once its repeats are expanded, more than ${limits.maxPatternSize} (SPEC_LIMITS.maxPatternSize)`,
      )
    sizes += size
    if (sizes > limits.maxPatternSizes)
      refuse(
        `the spec's patterns hold more than ${limits.maxPatternSizes} positions in all (SPEC_LIMITS.maxPatternSizes)`,
      )
    let program: RE2JS
    try {
      program = RE2JS.compile(re2)
    } catch (error) {
      throw new UnsafePatternError(
        `pattern ${quoted(pattern)} cannot run on the linear-time engine: RE2 refuses it (${(error as Error).message})`,
      )
    }
    // JSON Schema's `pattern` is unanchored, like RegExp#test; toString is the key Ajv shares it by.
    const result = { test: (text: string) => program.test(text), toString: () => `/${pattern}/` }
    compiled.set(pattern, result)
    return result
  }
  return Object.assign(engine, { code: 'linearRegExp' })
}

/**
 * One engine for code that compiles a handful of known patterns (tests, tools); a document's schemas
 * get their own through `createAjv`, so its bounds count that document alone.
 *
 * @example
 * linearRegExp('^([a-zA-Z0-9]+\\s?)+$', 'u').test(`${'a'.repeat(30)}!`) // false, at once
 */
export const linearRegExp: RegExpEngine = linearRegExpEngine({
  ...SPEC_LIMITS,
  maxPatterns: Number.POSITIVE_INFINITY,
  maxPatternSizes: Number.POSITIVE_INFINITY,
  maxPropertyEscapes: Number.POSITIVE_INFINITY,
})
