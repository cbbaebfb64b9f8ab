import type { InvariantName } from './invariantRules.ts'
import type { Problem } from './Problem.ts'

/** A Problem that breaks one of the interface's invariants, named after it (the check that reports it). */
export interface InvariantProblem extends Problem {
  invariant: InvariantName
}
