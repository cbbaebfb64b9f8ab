import fc from 'fast-check'
import type { InterfaceModel } from '../../model/interfaceModel.ts'
import type { Problem } from '../../model/Problem.ts'
import { StateCoverage } from '../../model/StateCoverage.ts'
import type { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import { DEFAULT_REPRODUCTIONS, type Reproduced } from '../base/Finding.ts'
import type { Exchange } from '../http/exchange.ts'
import { type Budget, formatBudget } from './Budget.ts'
import { commandArbitraries } from './commandArbitraries.ts'
import { type Command, ModelViolation, type SequenceModel, type SequenceTarget, type Step } from './Step.ts'

/**
 * Streams of sequences run at once by default. At 100 ms per request one stream runs about one
 * sequence a second; eight keep a default budget's 200 sequences within its 20 s there, while a
 * shared staging sees at most 8 sequences (32 requests, in bursts) at a time.
 */
export const DEFAULT_CONCURRENCY = 8

export interface ModelPhaseOptions {
  model: InterfaceModel
  /**
   * What the run knows of the store (what the earlier checks left included), shared by every stream
   * and every replay; each answer is judged by it as of when its request went out (`StoreKnowledge.asOf`).
   */
  knowledge: StoreKnowledge
  /** Calls an operation of the target (the run's `context.call`). */
  call: SequenceTarget['call']
  canWrite: boolean
  /** False for a target that cannot carry an int64 beyond 2^53 exactly (Prism): values stay safe. */
  exactInt64?: boolean
  /** Names recognisable as this run's, for neutral bodies. */
  petName(): string
  /** The run's tag: every generated name starts with it. */
  tag?: string
  seed: number
  budget: Budget
  /** Streams of sequences run at once (DEFAULT_CONCURRENCY); 1 runs them one after another. */
  concurrency?: number
  /** Creates the run's budget still allows (absent: no limit). */
  createsLeft?(): number
  maxCommands?: number
  /** Replays of the shortest failure before it is reported (DEFAULT_REPRODUCTIONS); they draw nothing from fast-check. */
  reproductions?: number
  /** Runs the streams side by side (the runner's, to count round trips per stream); Promise.all by default. */
  inParallel?<T>(tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]>
}

export interface ModelPhaseResult {
  seed: number
  budget: string
  concurrency: number
  /** Sequences run while searching (every stream), and candidates replayed while shrinking. */
  runs: number
  shrinks: number
  /** The shortest failing sequence (its last step holds the problem) and the seed of the stream that found it. */
  failure?: {
    problem: Problem & { exchange: Exchange }
    steps: Step[]
    seed: number
    /** How often the shortest failing sequence failed again when replayed (absent: not replayed). */
    reproduced?: Reproduced
  }
  /** Something other than the target's behaviour stopped the phase (a bug in the suite). */
  error?: string
  /** Milliseconds from the start of the phase to the first failing answer (when one was found). */
  foundAfterMs?: number
  /** Milliseconds the search watched the target (its rounds, shrinking apart). */
  watchedMs: number
}

/**
 * The seed of stream `index`: the run's seed for the first, then well spread 32-bit integers;
 * `--concurrency 1 --seed <a stream's seed>` with the same budget replays that stream, draw for draw.
 *
 * @example
 * streamSeed(42, 0) // 42
 */
export function streamSeed(seed: number, index: number): number {
  return index === 0 ? seed : (seed ^ Math.imul(index, 0x9e3779b1)) | 0
}

/**
 * The model-based phase: fast-check draws sequences of commands and runs each against the target and
 * the model. `concurrency` streams run at once, each its own `fc.check` and seed (streamSeed), sharing
 * the budget's sequences and one knowledge of the store ordered by completion: what completed before
 * a request went out binds its answer, what was still in flight does not (a lower bound). The first
 * failure stops every stream and is shrunk in its own stream (same seed and path) against the live
 * target. Searching and shrinking are each bounded by the budget.
 *
 * @example
 * const result = await runModelPhase({ model, knowledge, call, canWrite: true, seed: 42, budget: { runs: 50 } })
 * result.failure?.steps // the shrunk sequence, for curlScript
 */
export async function runModelPhase(options: ModelPhaseOptions): Promise<ModelPhaseResult> {
  const { model, budget, seed } = options
  const started = performance.now()
  let foundAfterMs: number | undefined
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 1, budget.runs ?? Number.POSITIVE_INFINITY))
  // A time limit or another stream's failure abandons the sequences in flight without stopping them;
  // each search gets a number, and a sequence of an earlier one sends nothing more (its next request
  // rejects, ending it quietly).
  let search = 0
  const targetFor = (mine: number): SequenceTarget => ({
    call: (...args) => (mine === search ? options.call(...args) : Promise.reject(new SearchOver())),
  })
  // Shrinking replays creates, and so does running the shortest failure again: part of what the
  // budget leaves is kept for each.
  const quarter = Math.floor((options.createsLeft?.() ?? 0) / 4)
  const reserve = Math.min(SHRINK_RESERVE, quarter)
  const replayReserve = Math.min((options.reproductions ?? DEFAULT_REPRODUCTIONS) * REPLAY_CREATES, quarter)
  let shrinking = false
  const mayCreate = options.createsLeft
    ? (count: number) => (options.createsLeft?.() ?? 0) - replayReserve - (shrinking ? 0 : reserve) >= count
    : undefined
  const sequences = fc.commands(commandArbitraries(model, options.canWrite, options), {
    maxCommands: options.maxCommands ?? 10,
  })
  // A stream's states are its own answers' (so a seed replays the same steering); its seed changes a round.
  type Stream = { seed: number; states: StateCoverage }
  const sequenceOf = (own: Partial<SequenceModel>): SequenceModel => ({
    model,
    knowledge: options.knowledge,
    steps: [],
    petName: options.petName,
    ...own,
  })
  let failure:
    | (NonNullable<ModelPhaseResult['failure']> & { stream: Stream; commands: Iterable<Command> })
    | undefined
  let executions = 0
  const propertyOf = (arbitrary: typeof sequences, stream: Stream) =>
    fc.asyncProperty(arbitrary, async (commands) => {
      executions++
      const sequence = sequenceOf({ states: stream.states, ...(mayCreate ? { mayCreate } : {}) })
      const mine = search
      try {
        await fc.asyncModelRun(() => ({ model: sequence, real: targetFor(mine) }), commands)
      } catch (error) {
        // Searching, the first failure of any stream wins and stops the others; shrinking, each
        // failing candidate is shorter than the last.
        if (error instanceof ModelViolation && mine === search && (shrinking || !failure)) {
          const last = sequence.steps.at(-1)
          if (last?.problem)
            failure = { problem: last.problem, steps: sequence.steps, seed: stream.seed, stream, commands }
          if (!shrinking) {
            search++
            foundAfterMs = performance.now() - started
          }
        }
        throw error
      }
    })
  const elapsed = () => performance.now() - started
  const streams = Array.from(
    { length: concurrency },
    (): Stream => ({ seed, states: new StateCoverage(model) }),
  )
  const inParallel =
    options.inParallel ??
    (<T>(tasks: ReadonlyArray<() => Promise<T>>) => Promise.all(tasks.map((task) => task())))
  let searched: Awaited<ReturnType<typeof fc.check>>[] = []
  // Rounds of sequences, each stream a new seed a round, until the budget's watch is over (a fast
  // target answers 200 sequences in a second): what changes with time is met between them.
  for (let round = 0; round === 0 || (!failure && elapsed() < (budget.watchMs ?? 0)); round++) {
    if (budget.ms !== undefined && elapsed() >= budget.ms) break
    for (const [index, stream] of streams.entries())
      stream.seed = streamSeed(seed, index + round * concurrency)
    searched = await inParallel(
      streams.map(
        (stream, index) => () =>
          fc.check(propertyOf(sequences, stream), {
            seed: stream.seed,
            numRuns: shareOf(budget.runs, concurrency, index),
            endOnFailure: true,
            plugins: budget.ms === undefined ? [] : [fc.interruptAfterTimeLimit(budget.ms - elapsed())],
          }),
      ),
    )
  }
  search++
  const result: ModelPhaseResult = {
    seed,
    budget: formatBudget(budget),
    concurrency,
    runs: executions,
    shrinks: 0,
    watchedMs: elapsed(),
    ...(foundAfterMs === undefined ? {} : { foundAfterMs }),
  }
  const found = failure ? searched[streams.indexOf(failure.stream)] : undefined
  if (!failure || !found) {
    const error = searched
      .map((details) => details.errorInstance)
      .find((e) => e && !(e instanceof ModelViolation) && !(e instanceof SearchOver))
    if (error) result.error = String(error)
    return result
  }
  if (found.counterexamplePath !== null) {
    // A budget in sequences bounds the shrink by count of candidates tried; a time budget by time (with a
    // cap on candidates too, since a long failing sequence of long strings has very many).
    shrinking = true
    const shrinkable = fc.limitShrink(sequences, budget.runs ?? SHRINK_CAP)
    const shrunk = await fc.check(propertyOf(shrinkable, failure.stream), {
      seed: failure.seed,
      path: found.counterexamplePath,
      plugins: budget.ms === undefined ? [] : [fc.interruptAfterTimeLimit(budget.ms)],
    })
    search++
    result.shrinks = shrunk.numShrinks
  }
  const { stream: _, commands, ...shortest } = failure
  // Replays of the shortest failure, each judged by the run's knowledge as it stands (a failure may
  // rest on what another stream learned). A replay the create budget has no room for is not
  // started, so a spent budget never reads as a flaky failure.
  const creates = shortest.steps
    .flatMap((step) => step.exchanges)
    .filter(({ exchange }) => exchange.request.operation === 'createPet').length
  let times = 0
  let of = 0
  for (; of < (options.reproductions ?? DEFAULT_REPRODUCTIONS); of++) {
    if (options.createsLeft && options.createsLeft() < creates) break
    try {
      await fc.asyncModelRun(() => ({ model: sequenceOf({}), real: targetFor(search) }), commands)
    } catch (error) {
      // Anything but the model's verdict (the run's deadline, a network failure) judged nothing.
      if (!(error instanceof ModelViolation)) break
      times++
    }
  }
  return { ...result, failure: { ...shortest, ...(of === 0 ? {} : { reproduced: { times, of } }) } }
}

/** Stream `index`'s share of `runs` sequences (all of them when the budget is time alone). */
function shareOf(runs: number | undefined, streams: number, index: number): number {
  if (runs === undefined) return 1_000_000
  return Math.floor(runs / streams) + (index < runs % streams ? 1 : 0)
}

/** Creates kept for each replay of the shortest failure (a shrunk sequence is a few commands). */
const REPLAY_CREATES = 10

/** Shrink candidates at most under a time budget. */
const SHRINK_CAP = 10_000

/** Creates kept for shrinking a failure, at most (a quarter of what the budget leaves the phase, when less). */
const SHRINK_RESERVE = 40

/** The request of a sequence whose search is over (abandoned at a time limit, or another stream failed). */
class SearchOver extends Error {}
