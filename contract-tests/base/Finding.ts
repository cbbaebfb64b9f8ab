import type { OperationName } from './OperationName.ts'

/** One violation: what was received against what the rule wants, and how to reproduce it. */
export interface Finding {
  operation: OperationName
  /** What a person reads; one made of `received` and `expected` is worded by the check's level (findingMessage). */
  message: string
  curl: string
  /** What came back (the "Received:" line), when the finding compares an answer with a rule. */
  received?: string
  /** What the rule wants, in the check's words; findingMessage says whose rule it is. */
  expected?: string
  /** A runnable `sh` script reproducing a failing sequence (the model phase's shrunk failure, stateful/curlScript.ts). */
  script?: string
  /** The steps of its Arazzo 1.0.1 workflow (http/arazzoSteps.ts), when its requests can be written as one. */
  steps?: ReadonlyArray<Record<string, unknown>>
  /** How often the failure came back when run again before being reported (the model phase replays its shrunk sequence). */
  reproduced?: Reproduced
  /** What the fault is in terms other checks' findings share, so the reports group findings by cause (report/causesOf.ts). */
  cause?: Cause
}

/**
 * A fault as findings of several checks share it: `key` groups them (the operation, the field or the
 * class of request, the rule), `says` it in plain words, `fix` where the document decides the answer.
 */
export interface Cause {
  key: string
  says: string
  fix?: string
}

/** How often a finding came back when it was run again: `times` of `of` replays. */
export interface Reproduced {
  times: number
  of: number
}

/** Replays of a finding before it is reported, by default. */
export const DEFAULT_REPRODUCTIONS = 3

/**
 * How a report shows a finding's replays: `reproduced 3/3`, or `flaky: reproduced 1/3` when it did
 * not come back every time (still a failure of its rule, labelled so a reader knows it may pass alone).
 *
 * @example
 * reproducedLabel({ times: 1, of: 3 }) // 'flaky: reproduced 1/3'
 */
export function reproducedLabel({ times, of }: Reproduced): string {
  return `${times < of ? 'flaky: ' : ''}reproduced ${times}/${of}`
}
