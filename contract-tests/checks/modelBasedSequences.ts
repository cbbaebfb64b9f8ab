import { exactJson } from '../../kit/json/exactJson.ts'
import { plural } from '../../kit/text/plural.ts'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { judgeGet } from '../../model/judgeGet.ts'
import { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import { SKIP_REASONS } from '../base/capabilitiesOf.ts'
import { reproducedLabel } from '../base/Finding.ts'
import { arazzoSteps } from '../http/arazzoSteps.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type Budget, formatBudget } from '../stateful/Budget.ts'
import { curlScript } from '../stateful/curlScript.ts'
import { runModelPhase, streamSeed } from '../stateful/runModelPhase.ts'
import type { Step } from '../stateful/Step.ts'
import { type Check, type CheckContext, type Finding, finding } from './Check.ts'
import { petsIn } from './describeResponse.ts'

/** Acknowledged creates re-read at the end, at most, so a large ledger costs a bounded sweep. */
const SWEEP_MAX = 200
const SWEEP_CONCURRENCY = 8

/**
 * The model-based phase as a check (contract-tests/model/): the first failure shrunk to the shortest
 * failing sequence, reported with a runnable curl script and the seed. In read-only mode it only reads.
 */
export const modelBasedSequences: Check = {
  name: 'model_based_sequences',
  level: 'required',
  description: () =>
    'Random sequences of createPet (also concurrent), listPets and getPet agree with a model of the interface document: pages hold min(limit, matching pets) in any order, filters hold, created pets read back exactly and are listed, ids are unique, no accepted write is lost (§2, §4, §8).',
  operations: ['listPets', 'createPet', 'getPet'],
  needs: ['state'],
  async early(context) {
    // The opening: a few sequences while the store is as the run found it (small, on a fresh target):
    // states no moment after the other checks' writes reaches.
    if (!context.capabilities.has('write')) return
    // First the store as found, by both reads (one page of the most a list holds, then its first
    // pet or an id no pet may have): a small store's states are seen before anything is written.
    const found = await context.call('listPets', { limit: context.vocabulary.limit.maximum })
    await context.call('getPet', { petId: petIdOf(petsIn(found)?.[0]) ?? '1' })
    const seed = streamSeed(context.generation.seed, OPENING_STREAM)
    const opening = await search(context, OPENING, seed, 2, OPENING_WHEN, OPENING_CREATES)
    if (opening.finding) opened.set(context, opening.finding)
  },
  async run(context) {
    const { seed, budget, concurrency = 1 } = context.generation
    const firstExchange = context.exchanges.length
    const { result, replay, knowledge, ...searched } = await search(context, budget, seed, concurrency)
    // What the opening found counts when the search after the other checks found nothing: that one
    // replays alone (--concurrency 1), the opening only with the whole run.
    const found = searched.finding ?? opened.get(context)
    const findings = found ? [found] : []
    // The run's deadline stopping the phase is not a fault of the target: a failure found before it
    // stands, the rest is for the runner to report as cut (it skips a check that throws the deadline).
    if (context.deadline?.aborted) {
      if (findings.length > 0) return { findings }
      throw context.deadline.reason
    }
    if (result.error)
      findings.push({ operation: 'listPets', message: `The model phase stopped: ${result.error}`, curl: '' })
    const lost = await sweepCreated(context, knowledge)
    if (lost)
      findings.push({
        ...lost.finding,
        script: curlScript(
          {
            baseUrl: context.baseUrl,
            replay,
            summary: `An accepted write is lost: ${lost.finding.message.replace(/\n/g, '; ')}`,
          },
          [lost.step],
        ),
      })
    context.generation.result = {
      seed,
      budget: result.budget,
      concurrency: result.concurrency,
      ...(result.foundAfterMs === undefined ? {} : { foundAfterMs: Math.round(result.foundAfterMs) }),
      sequences: result.runs,
      shrinks: result.shrinks,
      watchedMs: Math.round(result.watchedMs),
      knownPets: knowledge.size,
      createdPets: knowledge.created.filter((pet) => pet.learnedAt.startsWith('created in')).length,
      replay,
    }
    // Read-only: no create was sent, so createPet was not judged here (never a vacuous pass).
    if (!context.capabilities.has('write')) return { findings, skipped: { createPet: SKIP_REASONS.write } }
    // Nor when the create budget (--max-creates) left no room for one.
    const created = context.exchanges.slice(firstExchange).some((e) => e.request.operation === 'createPet')
    if (!created && findings.length === 0)
      return {
        findings,
        skipped: {
          createPet: `not judged: the run's create budget was spent before the model phase (--max-creates ${context.creates?.max}: ${plural(context.creates?.footprint('').created ?? 0, 'pet')} created); raise --max-creates to judge it`,
        },
      }
    return { findings }
  },
}

/** The model phase's budget while the store is as the run found it (`early`). */
const OPENING: Budget = { runs: 16, ms: 2_000 }
/** Pets the opening may create at most: the store stays as small as the run found it, nearly. */
const OPENING_CREATES = 12
/** The opening's seed is the run's, as the stream of this index would draw it. */
const OPENING_STREAM = 1_000
const OPENING_WHEN = 'in the opening, before any other check wrote'
/** What the opening found, reported in the check's turn with the rest. */
const opened = new WeakMap<CheckContext, Finding>()

/** Runs the model phase once with `budget`, from `seed`: what it found, as a finding with its script. */
async function search(
  context: CheckContext,
  budget: Budget,
  seed: number,
  concurrency: number,
  when = '',
  creates = Number.POSITIVE_INFINITY,
) {
  const leftAtStart = context.creates?.left ?? 0
  const model = interfaceModelOf(context)
  // One knowledge, shared by every stream of the search and the replays of a failure.
  const knowledge = new StoreKnowledge(model)
  learnFromEarlierChecks(context, knowledge)
  const result = await runModelPhase({
    model,
    knowledge,
    call: (operationId, parameters, options) => context.call(operationId, parameters, options),
    canWrite: context.capabilities.has('write'),
    exactInt64: context.capabilities.has('exact-int64'),
    petName: () => context.petName('model'),
    tag: context.runTag,
    ...(context.creates && {
      createsLeft: () =>
        Math.min(context.creates?.left ?? 0, creates - (leftAtStart - (context.creates?.left ?? 0))),
    }),
    seed,
    budget,
    concurrency,
    reproductions: context.generation.reproductions,
    inParallel: context.inParallel,
  })
  // The stream that failed, alone: its seed, one stream, the same budget draw the same sequences.
  // No failure: the run's seed with as many streams draws the same sequences in every stream.
  // The opening is drawn from the run's own seed: the whole run, as it ran, replays it.
  const run = context.generation
  const replay =
    when === ''
      ? `${context.command} --base-url ${context.baseUrl} ${seedFlag(result.failure?.seed ?? seed)} --concurrency ${result.failure ? 1 : result.concurrency} --budget ${formatBudget(budget)}`
      : `${context.command} --base-url ${context.baseUrl} ${seedFlag(run.seed)} --budget ${formatBudget(run.budget)}`
  const replaySeed = when === '' ? (result.failure?.seed ?? seed) : run.seed
  if (!result.failure) return { result, replay, knowledge }
  const { problem, steps, reproduced } = result.failure
  const again = reproduced ? `, ${reproducedLabel(reproduced)}` : ''
  const found = when ? ` ${when}` : ''
  const summary = `Model phase: shortest failing sequence found${found}, ${plural(steps.length, 'step')} (seed ${replaySeed}, ${plural(result.shrinks, 'shrink')}${again}). ${problem.operation}: received ${problem.received}; documented ${problem.documented}`
  const sent = steps.flatMap((step) => step.exchanges.map(({ exchange }) => exchange))
  const failed: Finding = {
    ...finding(problem.exchange, problem.operation, problem.received, problem.documented),
    script: curlScript({ baseUrl: context.baseUrl, replay, summary }, steps),
    steps: arazzoSteps(sent, problem.documented, Object.keys(model.newPet.properties)),
    ...(reproduced ? { reproduced } : {}),
  }
  return { result, replay, knowledge, finding: failed }
}

/**
 * Pets the run's earlier checks created (201) or listed: the store only grows, so they still exist.
 * Each is known from when its answer was complete, on the clock every exchange shares.
 */
function learnFromEarlierChecks(context: CheckContext, root: StoreKnowledge): void {
  for (const exchange of context.exchanges) {
    const knowledge = root.asOf(exchange)
    const { operation } = exchange.request
    const created =
      operation === 'createPet' && exchange.status === 201 ? exactJson(exchange.json) : undefined
    if (isPet(created)) knowledge.learn(created, true, 'created by an earlier check of this run')
    const page = operation === 'listPets' && exchange.status === 200 ? exactJson(exchange.json) : []
    for (const pet of Array.isArray(page) ? page : [])
      if (isPet(pet)) knowledge.learn(pet, false, 'listed by an earlier check of this run')
  }
}

function isPet(value: unknown): value is Record<string, unknown> & { id: number | bigint } {
  const id = (value as { id?: unknown } | undefined)?.id
  return typeof value === 'object' && value !== null && (typeof id === 'bigint' || Number.isInteger(id))
}

/**
 * getPet of every accepted write (those never read again first, then a spread sample, SWEEP_MAX in
 * all), a few at once: none may be lost.
 */
async function sweepCreated(
  context: CheckContext,
  knowledge: StoreKnowledge,
): Promise<{ finding: Finding; step: Step } | undefined> {
  // A pet read again since it was created was not lost (the store has no delete): the sweep takes
  // the others first, so a large ledger still finds the one write that went missing.
  const ledger = knowledge.created
  const unconfirmed = ledger.filter((pet) => !pet.confirmed)
  const confirmed = ledger.filter((pet) => pet.confirmed)
  const room = Math.max(0, SWEEP_MAX - unconfirmed.length)
  const stride = Math.max(1, confirmed.length / Math.max(1, room))
  const sample = [
    ...unconfirmed.slice(0, SWEEP_MAX),
    ...Array.from({ length: Math.min(confirmed.length, room) }, (_, i) => confirmed[Math.floor(i * stride)]),
  ]
  for (let start = 0; start < sample.length; start += SWEEP_CONCURRENCY) {
    const batch = sample.slice(start, start + SWEEP_CONCURRENCY).flatMap((pet) => (pet ? [pet] : []))
    const exchanges = await Promise.all(batch.map((pet) => context.call('getPet', { petId: pet.id })))
    for (const [index, exchange] of exchanges.entries()) {
      const pet = batch[index]
      if (!pet) continue
      const answer = { status: exchange.status, body: exactJson(exchange.json), error: exchange.error }
      const problem = judgeGet(knowledge.asOf(exchange), pet.id, answer, 'the final check of accepted writes')
      if (problem)
        return {
          finding: finding(exchange, 'getPet', problem.received, problem.documented),
          step: {
            title: `getPet of a pet this run created (${pet.learnedAt})`,
            concurrent: false,
            exchanges: [{ exchange, note: 'FAILED' }],
            problem: { ...problem, exchange },
          },
        }
    }
  }
  return undefined
}

/**
 * The `--seed` flag as a shell pastes it back: a negative seed needs `--seed=-N`, since Node's
 * parseArgs reads `--seed -N` as a flag with its value missing.
 *
 * @example
 * seedFlag(-163) // '--seed=-163'
 * seedFlag(42) // '--seed 42'
 */
export function seedFlag(seed: number): string {
  return seed < 0 ? `--seed=${seed}` : `--seed ${seed}`
}
