import fc from 'fast-check'
import type { Exchange, ProbeRequest } from '../exchange.ts'
import type { InterfaceModel } from '../model/interfaceModel.ts'
import type { Problem } from '../model/Problem.ts'
import type { StoreKnowledge } from '../model/StoreKnowledge.ts'
import { type Budget, formatBudget } from './Budget.ts'
import { commandArbitraries } from './commandArbitraries.ts'
import { ModelViolation, type SequenceModel, type SequenceTarget, type Step } from './Step.ts'

export interface ModelPhaseOptions {
  model: InterfaceModel
  /** Shared by every sequence: the store only grows, so what one sequence learned stays true. */
  knowledge: StoreKnowledge
  send(request: ProbeRequest): Promise<Exchange>
  canWrite: boolean
  /** False for a target that cannot carry an int64 beyond 2^53 exactly (Prism): values stay safe. */
  exactInt64?: boolean
  /** Names recognisable as this run's, for neutral bodies. */
  petName(): string
  seed: number
  budget: Budget
  /** Commands per sequence at most. */
  maxCommands?: number
}

export interface ModelPhaseResult {
  seed: number
  budget: string
  /** Sequences run while searching, and sequences replayed while shrinking. */
  runs: number
  shrinks: number
  /** The shortest failing sequence found, its last step holding the problem. */
  failure?: { problem: Problem & { exchange: Exchange }; steps: Step[] }
  /** Something other than the target's behaviour stopped the phase (a bug in the suite). */
  error?: string
}

/**
 * The model-based phase: fast-check draws sequences of commands (`fc.commands`), runs each against
 * the target and the model (`fc.asyncModelRun`), and stops at the first sequence the model rejects.
 * That sequence is then shrunk, replaying shorter ones against the live target, to the shortest that
 * still fails. Both searching and shrinking are bounded by the budget: a number of sequences, or a
 * time (shrinking gets as much again). Given the same seed and the same target behaviour, a run
 * draws the same sequences.
 *
 * @example
 * const result = await runModelPhase({ model, knowledge, send, canWrite: true, seed: 42, budget: { runs: 50 } })
 * result.failure?.steps // the shrunk sequence, for curlScript
 */
export async function runModelPhase(options: ModelPhaseOptions): Promise<ModelPhaseResult> {
  const { model, knowledge, budget, seed } = options
  // A time limit abandons the sequence in flight without stopping it; each search gets a number, and
  // a sequence of an earlier one sends nothing more (its next request rejects, ending it quietly).
  let search = 0
  const targetFor = (mine: number): SequenceTarget => ({
    send: (request) => (mine === search ? options.send(request) : Promise.reject(new SearchOver())),
  })
  let failure: ModelPhaseResult['failure']
  let executions = 0
  const sequences = fc.commands(
    commandArbitraries(model, options.canWrite, { exactInt64: options.exactInt64 ?? true }),
    {
      maxCommands: options.maxCommands ?? 10,
    },
  )
  const propertyOf = (arbitrary: typeof sequences) =>
    fc.asyncProperty(arbitrary, async (commands) => {
      executions++
      const sequence: SequenceModel = { model, knowledge, steps: [], petName: options.petName }
      const mine = search
      try {
        await fc.asyncModelRun(() => ({ model: sequence, real: targetFor(mine) }), commands)
      } catch (error) {
        if (error instanceof ModelViolation && mine === search) {
          const last = sequence.steps.at(-1)
          if (last?.problem) failure = { problem: last.problem, steps: sequence.steps }
        }
        throw error
      }
    })
  const timeLimit = 'ms' in budget ? [fc.interruptAfterTimeLimit(budget.ms)] : []
  const found = await fc.check(propertyOf(sequences), {
    seed,
    numRuns: 'runs' in budget ? budget.runs : 1_000_000,
    endOnFailure: true,
    plugins: timeLimit,
  })
  search++
  const runs = executions
  const result: ModelPhaseResult = { seed, budget: formatBudget(budget), runs, shrinks: 0 }
  if (!found.failed || !failure) {
    const error = found.errorInstance
    if (found.failed && error && !(error instanceof ModelViolation) && !(error instanceof SearchOver))
      result.error = String(error)
    return result
  }
  if (found.counterexamplePath !== null) {
    // A runs budget bounds the shrink by count of candidates tried; a time budget by time (with a
    // cap on candidates too, since a long failing sequence of long strings has very many).
    const shrinkable = fc.limitShrink(sequences, 'runs' in budget ? budget.runs : SHRINK_CAP)
    const shrunk = await fc.check(propertyOf(shrinkable), {
      seed,
      path: found.counterexamplePath,
      plugins: timeLimit,
    })
    search++
    result.shrinks = shrunk.numShrinks
  }
  return { ...result, failure }
}

/** Shrink candidates at most under a time budget. */
const SHRINK_CAP = 10_000

/** The request of a sequence whose search is over (abandoned at a time limit). */
class SearchOver extends Error {}
