// The spec's YAML is untrusted input (docs/spec-as-input.md): parsed in time linear in its size, duplicate
// keys refused, aliases bounded, and no error message quoting the file.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { parse, stringify } from 'yaml'
import { parseYaml } from './parseYaml.ts'
import { SpecInputError } from './SpecInputError.ts'
import { SPEC_LIMITS } from './specLimits.ts'
import { SPEC_PATH } from './specPath.ts'

const LIMITS = { maxDepth: SPEC_LIMITS.maxDepth, maxAliases: SPEC_LIMITS.maxAliases }
const keys = (n: number) => `m:\n${Array.from({ length: n }, (_, i) => `  k${i}: ${i}`).join('\n')}\n`

describe('parseYaml', () => {
  test('gives the project spec exactly as the yaml package does', () => {
    const text = readFileSync(SPEC_PATH, 'utf8')
    expect(parseYaml(text, LIMITS)).toStrictEqual(parse(text))
  })

  test('gives any JSON value back as the yaml package wrote it, shared values (anchors) included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, shared) => {
        // Twice in one document: the yaml package writes the second as an alias of the first.
        const document = shared ? { a: value, b: value } : value
        const text = stringify(document)
        expect(parseYaml(text, LIMITS)).toStrictEqual(parse(text))
      }),
      { numRuns: 300 },
    )
  })

  test('an alias stands for the very value of its anchor, as with the yaml package', () => {
    const value = parseYaml('a: &x [1, 2]\nb: *x\n', LIMITS) as { a: unknown; b: unknown }
    expect(value.b).toBe(value.a)
  })

  test.each([
    ['a block mapping', 'a: 1\nb: 2\na: 3\n', 'line 3, column 1'],
    ['a flow mapping', '{a: 1, "a": 2}\n', 'line 1, column 8'],
    ['a nested mapping', 'x:\n  y: 1\n  y: 2\n', 'line 3, column 3'],
    // As JavaScript (and JSON) object keys they are one key.
    ['a number and a string that read the same', '1: a\n"1": b\n', 'line 2, column 1'],
  ])('a key twice in %s is refused, saying where', (_name, text, where) => {
    expect(() => parseYaml(text, LIMITS)).toThrow(SpecInputError)
    expect(() => parseYaml(text, LIMITS)).toThrow(`a key appears twice in one mapping at ${where}`)
  })

  test.each([
    ['a collection', '? [a]\n: b\n'],
    ['an alias', 'k: &k x\n*k : 1\n'],
  ])('a key that is %s is refused', (_name, text) => {
    expect(() => parseYaml(text, LIMITS)).toThrow(/a mapping key is .* a spec's keys are plain names/)
  })

  test('__proto__ is an own key, never the prototype', () => {
    const value = parseYaml('__proto__: {polluted: 1}\n', LIMITS) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toStrictEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  test('SPEC_LIMITS.maxAliases aliases are read, one more is refused', () => {
    const aliases = (n: number) => `a: &a 1\nb: [${Array(n).fill('*a').join(', ')}]\n`
    expect((parseYaml(aliases(SPEC_LIMITS.maxAliases), LIMITS) as { b: unknown[] }).b).toHaveLength(
      SPEC_LIMITS.maxAliases,
    )
    expect(() => parseYaml(aliases(SPEC_LIMITS.maxAliases + 1), LIMITS)).toThrow(
      `more than ${SPEC_LIMITS.maxAliases} YAML aliases`,
    )
  })

  test('collections nested deeper than SPEC_LIMITS.maxDepth are refused', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    expect(parseYaml(deep(SPEC_LIMITS.maxDepth + 1), LIMITS)).toBeInstanceOf(Array)
    expect(() => parseYaml(deep(SPEC_LIMITS.maxDepth + 2), LIMITS)).toThrow(/values nest more than 256 deep/)
  })

  test('nodes are counted before the parser builds them: the budget is exact, and spent across calls', () => {
    // `[1, [2, 3]]` is five nodes: two sequences, three scalars; `a: b` is two, the mapping and its
    // key and value counting as the lexer sees them (key, value).
    const nodes = { remaining: 7, limit: 7 }
    expect(parseYaml('[1, [2, 3]]\n', { ...LIMITS, nodes })).toStrictEqual([1, [2, 3]])
    expect(nodes.remaining).toBe(2)
    expect(parseYaml('a: b\n', { ...LIMITS, nodes })).toStrictEqual({ a: 'b' })
    expect(() => parseYaml('[1]\n', { ...LIMITS, nodes })).toThrow(
      'the spec and the files it refers to hold more than 7 YAML nodes (SPEC_LIMITS.maxYamlNodes)',
    )
  })

  test(`past SPEC_LIMITS.maxYamlNodes (${SPEC_LIMITS.maxYamlNodes}), the worst shape is refused before it is built`, () => {
    // Nested brackets: 1 MiB of them took 936 MiB and 8.5 s to parse, 8 MiB ran out of memory.
    const brackets = `- ${'['.repeat(200)}${']'.repeat(200)}\n`
    const text = brackets.repeat(Math.ceil(SPEC_LIMITS.maxYamlNodes / 200) + 1)
    const nodes = { remaining: SPEC_LIMITS.maxYamlNodes, limit: SPEC_LIMITS.maxYamlNodes }
    expect(() => parseYaml(text, { ...LIMITS, nodes })).toThrow(/more than 250000 YAML nodes/)
    const under = brackets.repeat(Math.floor(SPEC_LIMITS.maxYamlNodes / 201) - 1)
    const fresh = { remaining: SPEC_LIMITS.maxYamlNodes, limit: SPEC_LIMITS.maxYamlNodes }
    expect(parseYaml(under, { ...LIMITS, nodes: fresh })).toHaveLength(
      Math.floor(SPEC_LIMITS.maxYamlNodes / 201) - 1,
    )
  })

  test('more than one document in a file is refused', () => {
    expect(() => parseYaml('a: 1\n---\nb: 2\n', LIMITS)).toThrow(/more than one YAML document/)
  })

  // A root spec that was a symlink to another file printed three lines of it in the YAML error frame.
  test.each([
    ['an unterminated quote', 'user: "root:SECRET\npassword: SECRET\n'],
    ['a token out of place, which the yaml package quotes', '{a: 1}} SECRET\n'],
    ['a bad block scalar header', 'k: |SECRET\n  SECRET\n'],
    ['a nested mapping in a compact one', 'k: v SECRET: x\n'],
    ['an alias to nothing', 'k: *SECRET\n'],
    ['a duplicate key', 'SECRET: 1\nSECRET: 2\n'],
  ])('the message for %s says where, never what the file holds', (_name, text) => {
    let message = ''
    try {
      parseYaml(text, LIMITS)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/at line \d+, column \d+/)
    expect(message).not.toContain('SECRET')
    expect(message).not.toContain('\n')
  })

  test('time grows linearly with the keys of one mapping (a ratio, not a threshold)', () => {
    // 16 times the keys: linear work takes about 16 times as long, the pairwise duplicate check of
    // the yaml package's parse() about 256 times (measured 515x from 2,000 to 32,000 keys, and
    // 40,000 keys took 11-13 s). The bound, 64, is four times either side; each size is the best of
    // three runs on a shared machine.
    const best = (text: string) => {
      let fastest = Number.POSITIVE_INFINITY
      for (let run = 0; run < 3; run++) {
        const started = performance.now()
        parseYaml(text, LIMITS)
        fastest = Math.min(fastest, performance.now() - started)
      }
      return fastest
    }
    best(keys(2_000)) // warm-up
    const small = best(keys(2_000))
    const large = best(keys(32_000))
    expect(large / small).toBeLessThan(64)
  })
})
