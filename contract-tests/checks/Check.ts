import type { CompiledSpec, PetStoreDocument, SpecValidators } from '../../spec/runtime.ts'
import type { Census } from '../base/Census.ts'
import type { Level } from '../base/CheckResult.ts'
import type { CreateBudget } from '../base/CreateBudget.ts'
import type { Need } from '../base/capabilitiesOf.ts'
import type { Finding } from '../base/Finding.ts'
import { findingMessage } from '../base/findingMessage.ts'
import type { OperationName } from '../base/OperationName.ts'
import type { SuiteVocabulary } from '../base/SuiteVocabulary.ts'
import { arazzoSteps } from '../http/arazzoSteps.ts'
import type { CallOptions, CallParameters } from '../http/callRequest.ts'
import type { Exchange, ProbeRequest } from '../http/exchange.ts'
import type { Budget } from '../stateful/Budget.ts'
import { causeOf } from './causeOf.ts'

// The words of a check that the floors below share (base/), re-exported: a check imports its
// contract from here alone.
export type { CheckResult, Level } from '../base/CheckResult.ts'
export type { Need } from '../base/capabilitiesOf.ts'
export type { Finding } from '../base/Finding.ts'
export { OPERATION_IDS, type OperationName } from '../base/OperationName.ts'

/** The generated (model-based) phase of a run: how it searches, and what it did. */
export interface GeneratedPhase {
  /** fast-check's seed: the same seed draws the same sequences (`--seed N` replays). */
  seed: number
  budget: Budget
  /** Sequences run at once, each with its own model (1: one after another, as the seed replays exactly). */
  concurrency?: number
  /** Replays of the shortest failing sequence before it is reported (DEFAULT_REPRODUCTIONS when absent). */
  reproductions?: number
  /** Set by the model phase when it ran. */
  result?: {
    seed: number
    budget: string
    concurrency?: number
    sequences: number
    shrinks: number
    knownPets: number
    createdPets: number
    /** The command that replays this search (same seed and budget), as the user ran the suite. */
    replay: string
    /** Milliseconds from the phase's start to the first failing answer, when it found one. */
    foundAfterMs?: number
    /** Milliseconds the phase watched the target, searching (the default budget watches 3 s at least). */
    watchedMs?: number
  }
}

/** Everything a check knows: a base URL, a key, the spec. Nothing of any implementation. */
export interface CheckContext {
  baseUrl: string
  /** The key the target accepts: the authentication negatives are derived from it. */
  apiKey: string
  runId: string
  /** The command the user ran the suite with (`npm run contract --`, `petstore-contract`, ...), for hints that name it. */
  command: string
  document: PetStoreDocument
  /** What the suite knows of the document (operations, statuses, limits, fields): read here, never as literals. */
  vocabulary: SuiteVocabulary
  /** The spec's router for a base path (a recording's URLs are routed by it, as the mock routes). */
  router: CompiledSpec['router']
  validators: SpecValidators
  /**
   * Calls an operation of the spec by its id and parameters (`call('getPet', { petId: 7 })`): the
   * method and target come from the spec (http/callRequest.ts), the rest from `options`. Sent as
   * `send` sends.
   */
  call(operationId: OperationName, parameters?: CallParameters, options?: CallOptions): Promise<Exchange>
  /** Sends a request as given (recorded for the checks that read every exchange); checks `call` instead. */
  send(request: ProbeRequest): Promise<Exchange>
  /** Every exchange so far, in order. */
  readonly exchanges: readonly Exchange[]
  /**
   * A new name for a pet this run creates: unique, recognisable in a shared environment, and
   * neutral (at most 16 letters and digits) so no legal name limit refuses it. `purpose` is for
   * the reader of the calling code only.
   */
  petName(purpose?: string): string
  /**
   * The run's tag (`ct` + 7 characters of the run id): every name a pet of this run gets starts
   * with it, so the run's data can be found in a shared store. Absent in a hand-made context.
   */
  runTag?: string
  /**
   * Runs tasks side by side, each a chain of requests of its own, so the run's estimate of its
   * length at staging latency counts the longest chain, not their sum. Absent in a hand-made context.
   */
  inParallel?<T>(tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]>
  /** The run's create budget (`--max-creates`): what is left, and what was written. Absent in a hand-made context. */
  readonly creates?: CreateBudget
  /** What this run may do (read-only and stateless runs skip some operations of some checks). */
  readonly capabilities: ReadonlySet<Need>
  /** What the store is known to hold (set before the checks run; absent for a stateless target). */
  census?: Census
  /** The seed and budget of the generated phase; the phase records what it did here. */
  readonly generation: GeneratedPhase
  /** Aborted when the run's deadline passes; `send` then throws DeadlineReached (the runner reports the cut). Absent in a hand-made context. */
  readonly deadline?: AbortSignal
}

export interface CheckOutcome {
  findings: Finding[]
  /**
   * Operations this check could not exercise or judge, with the reason (reported as skipped, never
   * as passed). To skip every operation from deep inside a check, throw NotJudged.
   */
  skipped?: Partial<Record<OperationName, string>>
  /** How many findings each operation had in all, when `findings` holds only the first examples (FindingGroups). */
  found?: Partial<Record<OperationName, number>>
}

/** What judges exchanges as they arrive (the body is then dropped): sees each, then says what it found. */
export interface ExchangeWatcher {
  see(exchange: Exchange): void
  outcome(): CheckOutcome
}

/**
 * A named conformance check in the manner of Schemathesis: a small function that sends what it
 * needs and returns the violations it saw. `afterAll` checks read every exchange of the run.
 */
export interface Check {
  name: string
  level: Level
  /**
   * Why a recommended check only recommends: the document's gap ("not shown") or the RFC choice it
   * follows. Every finding of the check says it after "Recommended:" (findingMessage); a required
   * check has none, its rule is the document's own.
   */
  because?: string
  /**
   * One sentence: what the check asserts, and where the rule comes from, written from the
   * vocabulary of the spec the run checks against (its limits, statuses), so an evolved spec
   * changes it.
   */
  description(vocabulary: SuiteVocabulary): string
  operations: readonly OperationName[]
  needs: readonly Need[]
  afterAll?: boolean
  /**
   * Runs first, before any check writes: the store as the run found it (small, when the target is
   * fresh), for states no later moment reaches; what it finds is reported in the check's turn.
   */
  early?(context: CheckContext): Promise<void>
  /**
   * Judges every exchange of the run as it arrives, while its body is whole; the runner then keeps
   * only facts of it (keptExchange) and, in this check's turn, reports the watcher's outcome
   * instead of calling `run` (which judges `context.exchanges`, for a hand-made context).
   */
  watch?(context: CheckContext): ExchangeWatcher
  run(context: CheckContext): Promise<CheckOutcome>
  /**
   * Runs what one of this check's findings saw again (the failing exchange, sent anew and judged by
   * the same rule): true when the failure came back, false when it did not, undefined when the
   * replay judged nothing (no answer, the create budget spent, a finding it cannot replay). The
   * runner asks it before a finding is reported, to say `reproduced 3/3` or flaky.
   */
  reproduce?(context: CheckContext, found: Finding): Promise<boolean | undefined>
}

/**
 * A finding for an exchange: what was received, what the rule wants, its curl line and Arazzo steps,
 * and the fault the exchange shows in terms other checks share (causeOf), for the reports to group by. The runner
 * words it by the check's level (findingMessage): "Documented:" for a required check, "Recommended:"
 * and why for a recommended one.
 *
 * @example
 * finding(exchange, 'getPet', '200 with 1 items', '404 with an Error body')
 * // { operation: 'getPet', received: '200 with 1 items', expected: '404 with an Error body', message: 'Received: …\nExpected: …', curl: 'curl …' }
 */
export function finding(
  exchange: Exchange,
  operation: OperationName,
  received: string,
  expected: string,
): Finding {
  const cause = causeOf(exchange, expected)
  const message = findingMessage({ received, expected })
  const steps = arazzoSteps([exchange], expected)
  return { operation, received, expected, message, curl: exchange.curl, steps, ...(cause && { cause }) }
}
