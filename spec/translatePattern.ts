import { clip } from '../kit/text/clip.ts'
import { type CodePointSet, complement, propertySet, union } from './codePointSet.ts'
import { UnsafePatternError } from './UnsafePatternError.ts'

/** An ECMAScript pattern in RE2's syntax, and what it costs. */
export interface TranslatedPattern {
  /** RE2 syntax in which every literal is `\x{…}` and every class its code point ranges. */
  re2: string
  /**
   * Positions as SPEC_LIMITS.maxPatternSize counts them (`a{3}b` is 4); a class counts 1 + log2 of its
   * ranges, the steps of RE2's binary search (`\p{L}`, 684 ranges, is 10).
   */
  size: number
}

const DIGIT: CodePointSet = [[0x30, 0x39]]
const WORD: CodePointSet = union([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
])
// ECMAScript's WhiteSpace and LineTerminator (RE2's \s is [\t\n\f\r ] only: no \v, no Unicode space).
export const SPACE: CodePointSet = union([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
])
// ECMAScript's `.` stops at every line terminator; RE2's only at \n.
const DOT = complement(
  union([
    [0x0a, 0x0a],
    [0x0d, 0x0d],
    [0x2028, 0x2029],
  ]),
)
const MAX_REPEAT = 1000

const BACKREFERENCE = 'RE2 has no backreferences: matching one can take exponential time'
const LOOKAROUND = 'RE2 has no lookahead or lookbehind'
const MODIFIERS = 'ECMAScript and RE2 fold case and read ., ^ and $ by different rules'

/** Pieces one after the other (`''`) or as alternatives (`'|'`): what each costs adds up either way. */
const joined = (pieces: readonly TranslatedPattern[], separator: string): TranslatedPattern => ({
  re2: pieces.map((piece) => piece.re2).join(separator),
  size: pieces.reduce((total, piece) => total + piece.size, 0),
})
/** A pattern as a message quotes it: clipped, in JSON's quotes. */
export const quoted = (pattern: string) => JSON.stringify(clip(pattern, 80))
const hex = (codePoint: number) => `\\x{${codePoint.toString(16)}}`
const literal = (codePoint: number): TranslatedPattern => ({ re2: hex(codePoint), size: 1 })
const characterSet = (set: CodePointSet): TranslatedPattern => ({
  re2:
    set.length === 0
      ? '[^\\x{0}-\\x{10ffff}]'
      : `[${set.map(([low, high]) => (low === high ? hex(low) : `${hex(low)}-${hex(high)}`)).join('')}]`,
  size: 1 + Math.floor(Math.log2(Math.max(1, set.length))),
})

/** Reads a pattern V8 has accepted with the `u` flag, so its syntax is known to be well formed. */
class PatternReader {
  private at = 0
  private readonly source: string
  private readonly onProperty: (name: string) => void

  constructor(source: string, onProperty: (name: string) => void) {
    this.source = source
    this.onProperty = onProperty
  }

  private refuse(construct: string, reason: string): never {
    throw new UnsafePatternError(
      `pattern ${quoted(this.source)} cannot run on the linear-time engine: ${construct} (${reason})`,
    )
  }

  private char(offset = 0): string | undefined {
    return this.source[this.at + offset]
  }

  disjunction(): TranslatedPattern {
    const alternatives = [this.alternative()]
    while (this.char() === '|') {
      this.at++
      alternatives.push(this.alternative())
    }
    return joined(alternatives, '|')
  }

  private alternative(): TranslatedPattern {
    const terms: TranslatedPattern[] = []
    while (this.at < this.source.length && this.char() !== '|' && this.char() !== ')') terms.push(this.term())
    return joined(terms, '')
  }

  private term(): TranslatedPattern {
    const c = this.char()
    // Without the m flag both engines read ^ and $ as the start and end of the text; \b and \B
    // look at ASCII word characters in both (ECMAScript's \w without the i flag).
    const next = this.char(1)
    if (c === '^' || c === '$' || (c === '\\' && (next === 'b' || next === 'B')))
      return { re2: this.take(c === '\\' ? 2 : 1), size: 0 }
    if (c === '(' && next === '?') {
      const [kind, after] = [this.char(2), this.char(3)]
      if (kind === '=' || kind === '!') this.refuse(`a lookahead (?${kind}…)`, LOOKAROUND)
      if (kind === '<' && (after === '=' || after === '!'))
        this.refuse(`a lookbehind (?<${after}…)`, LOOKAROUND)
      if (kind !== ':' && kind !== '<') {
        const end = this.source.indexOf(':', this.at)
        this.refuse(`an inline modifier ${this.source.slice(this.at, end + 1)}…)`, MODIFIERS)
      }
    }
    return this.quantified(this.atom())
  }

  private atom(): TranslatedPattern {
    const c = this.char()
    if (c === '(') {
      this.at++
      // Capturing or not is all one to a test: every group becomes (?:…). A name is skipped.
      if (this.char() === '?') this.take(this.char(1) === ':' ? 2 : '>')
      const inner = this.disjunction()
      this.at++
      return { re2: `(?:${inner.re2})`, size: inner.size }
    }
    if (c === '.') {
      this.at++
      return characterSet(DOT)
    }
    if (c === '[') return this.characterClass()
    if (c === '\\') return this.atomEscape()
    return literal(this.codePoint())
  }

  private quantified(atom: TranslatedPattern): TranslatedPattern {
    const c = this.char()
    let min: number
    let max: number | undefined
    if (c === '*' || c === '+' || c === '?') {
      this.at++
      ;[min, max] = c === '*' ? [0, undefined] : c === '+' ? [1, undefined] : [0, 1]
    } else if (c === '{') {
      const [low = '', high] = this.take('}').slice(1).split(',')
      min = Number(low)
      max = high === undefined ? min : high === '' ? undefined : Number(high)
    } else return atom
    const lazy = this.char() === '?'
    if (lazy) this.at++
    if (min > MAX_REPEAT || (max ?? 0) > MAX_REPEAT)
      this.refuse(`a repeat count above ${MAX_REPEAT}`, `RE2 repeats a part at most ${MAX_REPEAT} times`)
    const quantifier =
      c !== '{' ? c : max === min ? `{${min}}` : max === undefined ? `{${min},}` : `{${min},${max}}`
    return { re2: `${atom.re2}${quantifier}${lazy ? '?' : ''}`, size: atom.size * Math.max(1, max ?? min) }
  }

  private atomEscape(): TranslatedPattern {
    this.at++
    const c = this.char() as string
    if (c >= '1' && c <= '9') {
      const digits = /^\d+/.exec(this.source.slice(this.at))?.[0] ?? c
      this.refuse(`a backreference \\${digits}`, BACKREFERENCE)
    }
    if (c === 'k') {
      const name = this.source.slice(this.at + 1, this.source.indexOf('>', this.at) + 1)
      this.refuse(
        `a named backreference \\k${name}`,
        'RE2 has no backreferences, and would read this one as plain text; matching one can take exponential time',
      )
    }
    const set = this.classEscape()
    return set ? characterSet(set) : literal(this.characterEscape())
  }

  /** After a backslash: \d \D \w \W \s \S \p{…} \P{…} as a set, or undefined for any other escape. */
  private classEscape(): CodePointSet | undefined {
    const c = this.char()
    const sets: Record<string, CodePointSet> = { d: DIGIT, w: WORD, s: SPACE }
    const lower = c?.toLowerCase() ?? ''
    if (lower in sets) {
      this.at++
      const set = sets[lower] as CodePointSet
      return c === lower ? set : complement(set)
    }
    if (c === 'p' || c === 'P') {
      const name = this.take('}').slice(2)
      this.onProperty(name)
      const set = propertySet(name)
      return c === 'p' ? set : complement(set)
    }
    return undefined
  }

  /** After a backslash: the code point of a character escape (\n, \cJ, \0, \x41, \u{1F600}, \/, \.). */
  private characterEscape(): number {
    const c = this.char() as string
    this.at++
    const controls: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b, '0': 0 }
    if (c in controls) return controls[c] as number
    if (c === 'c') return this.source.charCodeAt(this.at++) % 32
    if (c === 'x') return Number.parseInt(this.take(2), 16)
    if (c === 'u') {
      if (this.char() === '{') return Number.parseInt(this.take('}').slice(1), 16)
      const lead = Number.parseInt(this.take(4), 16)
      // With the u flag, \uD83D\uDE00 is one code point.
      const trail = /^\\ud[c-f][0-9a-f]{2}/i.test(this.source.slice(this.at, this.at + 6))
      if (lead >= 0xd800 && lead <= 0xdbff && trail)
        return String.fromCharCode(lead, Number.parseInt(this.take(6).slice(2), 16)).codePointAt(0) as number
      return lead
    }
    // An identity escape: with the u flag, only a syntax character or /.
    return c.charCodeAt(0)
  }

  /** The next `until` characters, or those up to the next `until` character (passed too); moves past them. */
  private take(until: number | string): string {
    const stop = typeof until === 'number' ? this.at + until : this.source.indexOf(until, this.at)
    const text = this.source.slice(this.at, stop)
    this.at = typeof until === 'number' ? stop : stop + 1
    return text
  }

  private characterClass(): TranslatedPattern {
    this.at++
    const negated = this.char() === '^'
    if (negated) this.at++
    const ranges: (readonly [number, number])[] = []
    while (this.char() !== ']') {
      const first = this.classAtom()
      // A range; a - first or last in the class is the character itself.
      if (typeof first !== 'number') ranges.push(...first)
      else if (this.char() === '-' && this.char(1) !== ']') {
        this.at++
        ranges.push([first, this.classAtom() as number])
      } else ranges.push([first, first])
    }
    this.at++
    const set = union(ranges)
    return characterSet(negated ? complement(set) : set)
  }

  private classAtom(): CodePointSet | number {
    if (this.char() !== '\\') return this.codePoint()
    this.at++
    // Inside a class \b is the backspace, and \- a dash.
    const c = this.char()
    if (c === 'b' || c === '-') {
      this.at++
      return c === 'b' ? 0x08 : 0x2d
    }
    return this.classEscape() ?? this.characterEscape()
  }

  private codePoint(): number {
    const codePoint = this.source.codePointAt(this.at) as number
    this.at += codePoint > 0xffff ? 2 : 1
    return codePoint
  }
}

/**
 * Translates a JSON Schema `pattern` (ECMAScript syntax, read with the `u` flag as Ajv does) into
 * RE2's, so that RE2 matches exactly the strings ECMAScript would, or refuses it with the construct and
 * the reason. Refused: what RE2 cannot run (backreferences, `\k<name>` included, which RE2 would read as
 * text; lookahead; lookbehind), inline modifiers (`(?i:…)`: case folding and line rules differ), a
 * repeat count above 1000, and anything that is not an ECMAScript pattern at all (RE2-only syntax such
 * as `(?P<n>…)`, `\pL`, `[[:alpha:]]`, possessive or atomic groups). What the two engines read
 * differently is spelled out: `.` stops at \r, U+2028 and U+2029 too, `\s` holds \v and Unicode
 * spaces, `\p{…}` is the code points V8 gives it, every literal is `\x{…}`.
 *
 * `onProperty` hears each `\p{…}` name before it is read (which scans every code point once), so a
 * caller can bound them.
 *
 * @example
 * translatePattern('^a.b$').re2 // '^\\x{61}[\\x{0}-\\x{9}\\x{b}\\x{c}\\x{e}-\\x{2027}\\x{202a}-\\x{10ffff}]\\x{62}$'
 * translatePattern('(?<x>a)\\k<x>') // throws UnsafePatternError: … a named backreference \k<x> …
 */
export function translatePattern(
  source: string,
  onProperty: (name: string) => void = () => {},
): TranslatedPattern {
  try {
    new RegExp(source, 'u')
  } catch (error) {
    // V8's message repeats the pattern before its reason.
    const message = (error as Error).message
    const prefix = `Invalid regular expression: /${source}/u: `
    const reason = message.startsWith(prefix) ? message.slice(prefix.length) : clip(message, 120)
    throw new UnsafePatternError(
      `pattern ${quoted(source)} is not an ECMAScript regular expression (JSON Schema patterns are, read with the u flag): ${reason}`,
    )
  }
  return new PatternReader(source, onProperty).disjunction()
}
