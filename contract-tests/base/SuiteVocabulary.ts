import type { LimitRule, SpecVocabulary } from '../../spec/runtime.ts'

/**
 * The spec's vocabulary as the suite reads it: the same object, with listPets' `limit` known to be
 * there, since the list rules, the census and what a run keeps of a page all follow it.
 */
export interface SuiteVocabulary extends SpecVocabulary {
  readonly limit: LimitRule
}

/**
 * The vocabulary of the document a run checks against (`spec.vocabulary`), for the suite. Throws
 * when listPets has no `limit` with a numeric minimum, maximum and default, so a spec the suite
 * cannot judge lists by fails loudly before anything is sent.
 *
 * @example
 * suiteVocabularyOf(defaultSpec().vocabulary).limit // { minimum: 1, maximum: 100, default: 20 }
 */
export function suiteVocabularyOf(vocabulary: SpecVocabulary): SuiteVocabulary {
  if (vocabulary.limit === undefined)
    throw new Error("the spec's listPets has no 'limit' with a numeric minimum, maximum and default")
  return vocabulary as SuiteVocabulary
}
