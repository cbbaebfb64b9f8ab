// A recommended check's findings say "Recommended:" and why (base/findingMessage.ts): every one
// names the gap or RFC it follows; a required check's rule is the document's own, so it has none.
import { expect, test } from '@jest/globals'
import type { Check } from './Check.ts'
import { CHECKS } from './index.ts'

test.each(CHECKS.map((check): [string, Check] => [check.name, check]))(
  '%s says why only when recommended',
  (_name, check) => {
    if (check.level === 'recommended') expect(check.because).toMatch(/§\d|RFC \d+|not show|does not/)
    else expect(check.because).toBeUndefined()
  },
)
