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
  /** Sequences run at once, sharing one knowledge (1: one after another, as the seed replays exactly). */
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
  /** Calls an operation by its id (`call('getPet', { petId: 7 })`): method and target from the spec (callRequest). */
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
  /** `ct` + 7 characters of the run id, starting every pet name of the run: its data can be found in a shared store. */
  runTag?: string
  /** Runs chains of requests side by side: the run's estimate of its length counts the longest chain, not their sum. */
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
  /** Operations not judged, with the reason (a skip, never a pass); throw NotJudged to skip them all. */
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
  /** One sentence: what the check asserts and where the rule comes from, worded from the spec's vocabulary. */
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
   * Sends a finding's failing exchange again, judged by the same rule, before it is reported
   * (`reproduced 3/3` or flaky): true when the failure came back, undefined when nothing was judged.
   */
  reproduce?(context: CheckContext, found: Finding): Promise<boolean | undefined>
}

/**
 * A finding for an exchange: received, expected, its curl line, Arazzo steps and cause (causeOf, for
 * the reports to group by). The runner words it by the check's level (findingMessage).
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
