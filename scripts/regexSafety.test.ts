// Every regular expression in the code that reads request input or a target's responses is judged by
// recheck, a ReDoS analyser (automata theory plus fuzzing), not by a hand review: one with
// super-linear backtracking lets one request freeze the mock (decisions/007-hostile-clients.md).
import { describe, expect, test } from '@jest/globals'
import { checkSync } from 'recheck'
import { findRegExps } from './findRegExps.ts'

const ROOTS = ['mocks', 'contract-tests', 'spec']
// Tests and their helpers match our own output, never a request's or a target's, so they are not judged.
const isProductCode = (where: string) => !where.includes('.test.') && !where.includes('/testing/')
const { found: everyRegExp, dynamic } = findRegExps(ROOTS)
// Built from run-time text but never run on a request's or a target's input: V8 judging a spec
// pattern's syntax (constructed, never matched), and a `\p{…}` name V8 has already accepted, matched
// against the list of code points only (docs/spec-as-input.md).
const NEVER_ON_INPUT = ['spec/translatePattern.ts:', 'spec/codePointSet.ts:']
const readsNoInput = (where: string) => NEVER_ON_INPUT.some((file) => where.startsWith(file))
const found = everyRegExp.filter((r) => isProductCode(r.where))

describe('regular expressions are safe from catastrophic backtracking', () => {
  test('the finder sees the regular expressions (and would see a dangerous one)', () => {
    expect(found.length).toBeGreaterThan(10)
    expect(checkSync('([?&][^=&]*(?:key|token|auth|secret|password)[^=&]*=)[^&]*', 'gi').status).toBe(
      'vulnerable',
    )
  })

  test.each(found.map((r) => [r.where, r.pattern, r.flags]))('%s /%s/%s', (_where, pattern, flags) => {
    const diagnostics = checkSync(pattern, flags)
    // `unknown` would mean recheck gave up (a timeout on a busy machine); only `safe` passes.
    expect(
      diagnostics.status === 'vulnerable' ? `vulnerable: ${diagnostics.attack.pattern}` : diagnostics.status,
    ).toBe('safe')
  })

  test('no RegExp is built from run-time text in product code (no analyser could judge it)', () => {
    expect(dynamic.filter((d) => isProductCode(d.where) && !readsNoInput(d.where))).toEqual([])
  })
})
