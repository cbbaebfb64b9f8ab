import type fc from 'fast-check'
import type { InterfaceModel } from '../../model/interfaceModel.ts'
import type { Problem } from '../../model/Problem.ts'
import type { StateCoverage } from '../../model/StateCoverage.ts'
import type { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import type { OperationName } from '../base/OperationName.ts'
import type { CallOptions, CallParameters } from '../http/callRequest.ts'
import type { Exchange } from '../http/exchange.ts'

/** One command of a sequence as it ran: its requests (sent together when `concurrent`) and what came back. */
export interface Step {
  title: string
  concurrent: boolean
  /** One line per request: what it expected and what it received. */
  exchanges: Array<{ exchange: Exchange; note: string }>
  problem?: Problem & { exchange: Exchange }
  /** A pause between commands, in milliseconds (the script sleeps as long). */
  pauseMs?: number
}

/**
 * The model side of a sequence: the interface, what this stream of sequences knows of the store
 * (its own: streams run at once, see runModelPhase), the steps so far.
 */
export interface SequenceModel {
  model: InterfaceModel
  knowledge: StoreKnowledge
  steps: Step[]
  /** A name recognisable as this run's (neutral: short letters and digits), for the neutral bodies. */
  petName(): string
  /** Whether the run's create budget has room for `count` more creates now (absent: always). */
  mayCreate?(count: number): boolean
  /** The states this stream's answers visited: TowardState steers toward the others (absent: no steering). */
  states?: StateCoverage
  /** The bodies the sequence's last create sent (CreatePets `again` sends them once more). */
  lastSent?: ReadonlyArray<Record<string, unknown>>
}

/** The real side: the target, through the run's recorded `call` (an operation by id and parameters). */
export interface SequenceTarget {
  call(operationId: OperationName, parameters?: CallParameters, options?: CallOptions): Promise<Exchange>
}

/** One command of a sequence, as fast-check runs it against the model and the target. */
export type Command = fc.AsyncCommand<SequenceModel, SequenceTarget>

/** Thrown by a command whose answer departs from the model; ends the sequence as a failure. */
export class ModelViolation extends Error {
  readonly problem: Problem
  constructor(problem: Problem) {
    super(`${problem.operation}: Received ${problem.received}; Documented ${problem.documented}`)
    this.problem = problem
  }
}
