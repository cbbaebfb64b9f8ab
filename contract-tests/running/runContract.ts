import { AsyncLocalStorage } from 'node:async_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { type Coverage, coverageOf } from '../../coverage/coverageOf.ts'
import { type MinCoverage, missedCoverage, parseMinCoverage } from '../../coverage/minCoverage.ts'
import { recordedCredentials } from '../../har/recordedCredentials.ts'
import { createRedactor } from '../../kit/secrets/createRedactor.ts'
import { redactJsonFields } from '../../kit/secrets/redactBody.ts'
import { redactQueryPairs } from '../../kit/secrets/redactQueryPairs.ts'
import { plural } from '../../kit/text/plural.ts'
import type { StateCoverageReport } from '../../model/StateCoverage.ts'
import { type CompiledSpec, defaultSpec } from '../../spec/runtime.ts'
import { CreateBudget, DEFAULT_MAX_CREATES, type Footprint } from '../base/CreateBudget.ts'
import { capabilitiesOf, SKIP_REASONS, type TargetKind } from '../base/capabilitiesOf.ts'
import { DeadlineReached, defaultDeadlineFor, formatDuration, startDeadline } from '../base/deadline.ts'
import { DEFAULT_REPRODUCTIONS } from '../base/Finding.ts'
import { FindingGroups } from '../base/FindingGroups.ts'
import { worded } from '../base/findingMessage.ts'
import { NotJudged } from '../base/notJudged.ts'
import { suiteVocabularyOf } from '../base/SuiteVocabulary.ts'
import { boundedValidators } from '../checks/boundedValidators.ts'
import type { Check, CheckContext, CheckResult, ExchangeWatcher, GeneratedPhase } from '../checks/Check.ts'
import { CHECKS } from '../checks/index.ts'
import { type Recording, replayedInteractions } from '../checks/replayedInteractions.ts'
import { SILENT_BEFORE_PROBE } from '../checks/serverKeepsAnswering.ts'
import { storageRefusal } from '../checks/storageRefusal.ts'
import { callRequest } from '../http/callRequest.ts'
import { collectSoon, LARGE_BODY_CHARS } from '../http/collectSoon.ts'
import { DEFAULT_MAX_BODY_BYTES, type Exchange, type ProbeRequest, sendRequest } from '../http/exchange.ts'
import { DEFAULT_FORM, formDrawer } from '../http/requestForm.ts'
import { retryWait } from '../http/retryWait.ts'
import { type Budget, DEFAULT_BUDGET, parseBudget } from '../stateful/Budget.ts'
import { DEFAULT_CONCURRENCY } from '../stateful/runModelPhase.ts'
import { mapStrings } from '../text/mapStrings.ts'
import { ensurePets } from './ensurePets.ts'
import { hintsFor } from './hintsFor.ts'
import { DEFAULT_COMMAND } from './invokedAs.ts'
import { createKeeper, KEPT_RUN_MAX, keptItemsFor } from './keptExchange.ts'
import { observeExchanges } from './observeExchanges.ts'
import { petNamer } from './petNames.ts'
import { stateTracker } from './stateTracker.ts'
import { expiredOn, type Waiver } from './Waiver.ts'

export interface RunOptions {
  /** The API's base URL, ending in /v1 (for `prism mock`, the bare origin). */
  baseUrl: string
  apiKey: string
  /** Recommended checks fail the run too. */
  strict?: boolean
  /** Never create data (the API has no delete). Same as `mode: 'read-only'`. */
  readOnly?: boolean
  /** `write` (default) creates at most `maxCreates` pets, every name starting with `ct<7 characters of runId>`; `read-only` never creates data. */
  mode?: 'write' | 'read-only'
  /** The target keeps no state and accepts any key (`prism mock`): same as `targetKind: 'prism-mock'`. */
  stateless?: boolean
  /** What answers: a real server (default), `prism mock`, or `prism proxy` in front of a server. */
  targetKind?: TargetKind
  /** Per-request timeout; 5000 ms by default. */
  timeoutMs?: number
  /** The whole run's deadline (by default 300 s plus twice a time budget): past it nothing more is sent. */
  deadlineMs?: number
  /** The most of one response body that is read (DEFAULT_MAX_BODY_BYTES by default). */
  maxBodyBytes?: number
  /** The fetch to use; the global one by default (so MSW's setupServer can answer in-process). */
  fetch?: typeof fetch
  /** Which checks to run; all by default. */
  checks?: readonly Check[]
  /** The compiled document to check against (`compileSpec(await loadSpec(path))`); `defaultSpec()` by default. */
  spec?: CompiledSpec
  /** fast-check seed of the model phase: the same seed replays the same sequences. Random by default. */
  seed?: number | undefined
  /** How hard the model phase looks: `{ runs?, ms? }` or the flag's text (`300seq`, `30s`, `300seq,60s`); DEFAULT_BUDGET (200 sequences or 20 s) by default. */
  budget?: Budget | string | undefined
  /** The command hints name, as the user ran the suite (invokedAs); DEFAULT_COMMAND by default. */
  command?: string | undefined
  /** Model-phase sequences run at once (sharing one knowledge, ordered by completion); DEFAULT_CONCURRENCY by default. */
  concurrency?: number | undefined
  /** Runs of a finding again before it is reported, to tell reproducible from flaky; DEFAULT_REPRODUCTIONS (3) by default. */
  reproductions?: number | undefined
  /** The most createPet requests that may store a pet (DEFAULT_MAX_CREATES): past it checks needing one are skipped. */
  maxCreates?: number | undefined
  /** The coverage the run must reach (parseMinCoverage's text or result): below it the run fails (`coverageMissed`). */
  minCoverage?: MinCoverage | string | undefined
  /** Replay a recording (a HAR's exchanges) instead of the default checks, with the checks that judge every exchange. */
  replay?: Recording | undefined
  /** Checks not run or waived, with why (Waiver); one expired on `now` (the clock by default) fails the run. */
  waivers?: readonly Waiver[] | undefined
  now?: Date | undefined
}

export interface ContractReport {
  baseUrl: string
  runId: string
  strict: boolean
  readOnly: boolean
  stateless: boolean
  targetKind: TargetKind
  durationMs: number
  /** Set when the run could not start: the target is unreachable or refuses the key. */
  abort?: string
  /** Set when the deadline stopped the run: the checks it cut are skipped with the reason. */
  cut?: string
  /** Advice the results imply (a target that looks stateless, bodies over the cap). */
  hints?: string[]
  results: CheckResult[]
  requests: number
  /** Requests that had to wait for the previous answer (a burst or parallel probes add one): see `estimateDuration`. */
  sequentialRequests?: number
  /** Answers that asked to come back later (429, or 503 with Retry-After): sent again, never failures; the time waited. */
  rateLimited?: { responses: number; waitedMs: number }
  /** The model phase: seed, budget, sequences run, shrinks (absent when it did not run). */
  generated?: NonNullable<GeneratedPhase['result']>
  /** What the run wrote: pets created, with their id range (exact digits), against the budget. */
  footprint?: Footprint
  /** What the run exercised of the document: operations, documented statuses, parameters, enum values. */
  coverage?: Coverage
  /** Set with `minCoverage`: one line per dimension below its minimum (the run then fails). */
  coverageMissed?: string[]
  /** The states from the document's rules the run's answers visited, and why the others were not (StateCoverage). */
  stateCoverage?: StateCoverageReport
  /** One line per waiver that has expired: which, and since when (the run then fails). */
  expired?: string[]
  /** True when a required check failed (or, with strict, any check), a waiver expired, or the run aborted or was cut. */
  failed: boolean
}

/**
 * Runs every check against a target and returns what each found, per check and operation. Knows a
 * base URL, a key and the spec; nothing of any implementation. Never throws for what the target
 * does: an unreachable target or a key refused everywhere sets `abort` (and `failed`).
 *
 * @example
 * const report = await runContract({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'petstore-dev-key' })
 * report.failed // false when every required check passed
 * await runContract({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'any', stateless: true }) // prism mock
 */
export async function runContract(options: RunOptions): Promise<ContractReport> {
  const { url, credentials } = withoutCredentials(options.baseUrl)
  // A replay's credential-like values (kit/secrets' rule) are hidden like the key, wherever echoed.
  const recorded = options.replay ? recordedCredentials(options.replay.exchanges) : []
  const redact = createRedactor([options.apiKey, ...credentials, ...recorded])
  // The report never holds the key (or base-URL credentials), whatever the target echoed.
  const refused =
    credentials.length > 0
      ? `The base URL holds credentials (user:password@): they are never sent or printed. Give the API's key with --api-key or PETSTORE_API_KEY.`
      : undefined
  const report = await runUnredacted({ ...options, baseUrl: url }, refused)
  return mapStrings(options.replay ? withRequestsRedacted(report) : report, redact)
}

/**
 * A replay sends what a recording holds: its curl lines show each credential-named query value and
 * body field as `***` (however short: the redactor hides a short value only where it stands alone),
 * its messages each such query value, as the mock's and the proxy's logs do.
 */
function withRequestsRedacted(report: ContractReport): ContractReport {
  const hide = (text: string) => redactQueryPairs(redactJsonFields(text))
  return {
    ...report,
    results: report.results.map((result) => ({
      ...result,
      findings: result.findings.map((finding) => ({
        ...finding,
        // A message quotes answers too: only its URLs' query values (an Error body's `code` stays).
        message: redactQueryPairs(finding.message),
        curl: hide(finding.curl),
        ...(finding.script === undefined ? {} : { script: hide(finding.script) }),
      })),
    })),
  }
}

async function runUnredacted(options: RunOptions, refused: string | undefined): Promise<ContractReport> {
  const started = performance.now()
  const { baseUrl, apiKey } = options
  const spec = options.spec ?? defaultSpec()
  const vocabulary = suiteVocabularyOf(spec.vocabulary)
  const minCoverage =
    typeof options.minCoverage === 'string' ? parseMinCoverage(options.minCoverage) : options.minCoverage
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const timeoutMs = options.timeoutMs ?? 5_000
  const readOnly = options.readOnly ?? options.mode === 'read-only'
  const targetKind = options.targetKind ?? (options.stateless ? 'prism-mock' : 'server')
  const capabilities = capabilitiesOf(targetKind, readOnly)
  const generation: GeneratedPhase = {
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    budget:
      typeof options.budget === 'string' ? parseBudget(options.budget) : (options.budget ?? DEFAULT_BUDGET),
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    ...(options.reproductions === undefined ? {} : { reproductions: options.reproductions }),
  }
  const creates = new CreateBudget(options.maxCreates ?? DEFAULT_MAX_CREATES)
  const deadline = startDeadline(options.deadlineMs ?? defaultDeadlineFor(generation.budget))
  const limits = {
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    deadline: deadline.signal,
    // Every request in a form drawn from the seed, by a client that keeps cookies as a browser does.
    forms: formDrawer(generation.seed),
    cookies: new Map<string, string>(),
  }

  const exchanges: Exchange[] = []
  const rateLimited = { responses: 0, waitedMs: 0 }
  // A 429 limits the client, not one request: no request of the run goes out before the time it
  // named, so a run of many chains slows down as a whole instead of starving one request's retries.
  let pausedUntil = 0
  const keeper = createKeeper({ itemsMax: keptItemsFor(vocabulary) })
  const states = stateTracker(spec, baseUrl)
  const { inForce, expired } = expiredOn(options.waivers ?? [], options.now ?? new Date())
  const excluded = (check: Check) => inForce.some((w) => w.excluded && w.check === check.name)
  const runnable = (check: Check) => !excluded(check) && check.needs.every((need) => capabilities.has(need))
  const waiverOf = (r: CheckResult) =>
    inForce.find((w) => w.check === r.check && (w.operation ?? r.operation) === r.operation)
  const checks =
    options.checks ??
    (options.replay
      ? [replayedInteractions(options.replay), ...CHECKS.filter((check) => check.watch)]
      : CHECKS)
  // The checks that read every exchange judge each as it arrives, whole; the run keeps only facts.
  const watchers = new Map<Check, ExchangeWatcher>()
  // Requests that wait for the previous answer, per chain of work (each costs its count of round
  // trips): the run is one chain; the model phase's streams are chains of their own, run side by
  // side, and cost the longest of them.
  const root = { inFlight: 0, sequential: 0 }
  const chains = new AsyncLocalStorage<typeof root>()
  const names = petNamer(runId)
  const context: CheckContext = {
    baseUrl,
    apiKey,
    runId,
    command: options.command ?? DEFAULT_COMMAND,
    document: spec.document,
    vocabulary,
    router: (basePath) => spec.router(basePath),
    validators: boundedValidators(spec.document, spec.validators),
    exchanges,
    capabilities,
    generation,
    deadline: deadline.signal,
    petName: () => names.next(),
    runTag: names.prefix,
    async inParallel<T>(tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
      const parent = chains.getStore() ?? root
      const forked = tasks.map(() => ({ inFlight: 0, sequential: 0 }))
      try {
        return await Promise.all(tasks.map((task, i) => chains.run(forked[i] as typeof root, task)))
      } finally {
        parent.sequential += Math.max(0, ...forked.map((chain) => chain.sequential))
      }
    },
    creates,
    call: (operationId, parameters, callOptions) =>
      context.send(callRequest(vocabulary.operations, operationId, parameters, callOptions)),
    async send(request: ProbeRequest) {
      deadline.signal.throwIfAborted()
      // Every createPet, whatever its body or key, holds a slot of the create budget until its answer shows whether it stored a pet.
      const counted = CreateBudget.counts(request)
      if (counted) {
        states?.writing()
        await creates.reserve()
        // It may have waited for a slot: past the deadline, give it back and stop as any request would.
        if (deadline.signal.aborted) {
          creates.settle(undefined, true)
          deadline.signal.throwIfAborted()
        }
      }
      let answered: Exchange | undefined
      const chain = chains.getStore() ?? root
      if (chain.inFlight++ === 0) chain.sequential++
      try {
        let exchange: Exchange
        let asked: Parameters<typeof retryWait>[0]
        for (let attempt = 0; ; attempt++) {
          const paused = pausedUntil - Date.now()
          if (paused > 0) await sleep(paused, undefined, { signal: deadline.signal }).catch(() => undefined)
          deadline.signal.throwIfAborted()
          exchange = await sendRequest(baseUrl, apiKey, request, timeoutMs, options.fetch, limits)
          // 429, or 503 with Retry-After: the target asks to come back later. Waited for within the
          // deadline and counted apart; the answer that asked is neither judged nor kept.
          asked = { status: exchange.status, retryAfter: exchange.headers.get('retry-after') }
          const wait = retryWait(asked, attempt, Date.now(), deadline.endsAt)
          if (wait === undefined) break
          pausedUntil = Math.max(pausedUntil, Date.now() + wait)
          rateLimited.responses++
          rateLimited.waitedMs += wait
          await sleep(wait, undefined, { signal: deadline.signal }).catch(() => {
            throw deadline.signal.reason ?? new DeadlineReached(deadline.message)
          })
        }
        // Still asking to come back later after every wait (retryWait would wait again, with no limit on
        // time or tries): the target's to choose (§8 shows no rate limit), so no check judges it.
        if (retryWait(asked, 0, 0, Number.POSITIVE_INFINITY) !== undefined)
          exchange.request.notJudged ??= `still ${exchange.status} after the waits it asked for`
        // Requests in a row with no answer: ask once on a fresh connection; silence there too ends the run.
        silentInARow = exchange.status !== 0 ? 0 : silentInARow + (exchange.failure === 'timeout' ? 1 : 0)
        if (silentInARow >= SILENT_BEFORE_PROBE && !probing) void probeSilence()
        for (const [check, watcher] of watchers) {
          try {
            watcher.see(exchange)
          } catch (error) {
            // A watcher whose rule threw: the check reports it could not finish, as a check that throws does.
            const outcome = couldNotFinish(check, error)
            watchers.set(check, { see() {}, outcome: () => outcome })
          }
        }
        // The check gets the facts too: a parsed 1 MiB body held by a batch of 100 requests would cost gigabytes.
        const kept = keeper.keep(exchange)
        exchanges.push(keeper.log(kept))
        states?.see(kept)
        answered = exchange
        if (exchange.text.length >= LARGE_BODY_CHARS || exchange.truncated) collectSoon()
        return kept
      } finally {
        chain.inFlight--
        if (counted) creates.settle(answered, answered && storageRefusal(context, answered) !== undefined)
      }
    },
  }
  let silentInARow = 0
  let probing = false
  const probeSilence = async () => {
    probing = true
    const probe = await context.call('listPets', {}, { connection: 'fresh' }).catch(() => undefined)
    if (probe?.status === 0 && probe.failure === 'timeout')
      deadline.stop(
        `The target stopped answering: ${plural(silentInARow, 'request')} in a row, then one on a fresh connection, got no answer within ${formatDuration(timeoutMs)}; the run stopped there (server_keeps_answering), what was judged before is reported.`,
      )
    probing = false
  }
  const report: ContractReport = {
    baseUrl,
    runId,
    strict: options.strict ?? false,
    readOnly,
    stateless: targetKind === 'prism-mock',
    targetKind,
    durationMs: 0,
    results: [],
    requests: 0,
    sequentialRequests: 0,
    failed: false,
  }
  const finish = (): ContractReport => {
    deadline.clear()
    report.durationMs = performance.now() - started
    report.requests = exchanges.length
    report.sequentialRequests = root.sequential
    report.rateLimited = { ...rateLimited }
    report.footprint = creates.footprint(names.prefix)
    if (generation.result) report.generated = generation.result
    report.coverage = coverageOf(spec.document, observeExchanges(exchanges, baseUrl))
    if (minCoverage) report.coverageMissed = missedCoverage(report.coverage, minCoverage)
    if (states) report.stateCoverage = states.report()
    report.hints = hintsFor(report.results, targetKind, context.command)
    if (keeper.dropped() > 0)
      report.hints.push(
        `The target's bodies filled what the run keeps of them (${plural(KEPT_RUN_MAX, 'character')} of facts): ${plural(keeper.dropped(), 'later exchange was', 'later exchanges were')} kept without their body's facts, so the checks that read earlier answers (created_pets_kept, listed_pets_retrievable, the model phase's knowledge) judged fewer of them.`,
      )
    const named = (w: Waiver) => [w.check, w.operation].filter(Boolean).join(' ')
    report.expired = expired.map(
      (w) => `The waiver of ${named(w)} expired on ${w.expires} (${w.reason}): renew or remove it`,
    )
    report.failed =
      Boolean(report.abort || report.cut || report.coverageMissed?.length || expired.length) ||
      report.results.some((r) => r.outcome === 'fail' && (r.level === 'required' || report.strict))
    return report
  }

  for (const check of checks) if (check.watch && runnable(check)) watchers.set(check, check.watch(context))
  try {
    report.abort = refused ?? (await preflight(context, timeoutMs))
    if (report.abort) return finish()
    // Checks such as default_limit can only catch a violation when there is more data than the rule allows.
    // Stateless targets answer static examples: nothing there to count.
    for (const check of options.replay ? [] : checks)
      if (check.early && runnable(check)) await check.early(context)
    if (capabilities.has('state') && !options.replay)
      context.census = await ensurePets(context, capabilities.has('write'))
  } catch (error) {
    if (!(error instanceof DeadlineReached)) throw error
  }

  for (const check of [...checks.filter((c) => !c.afterAll), ...checks.filter((c) => c.afterAll)]) {
    // A waiver replaces the verdict, whatever it was, with its reason.
    for (const r of await runCheck(check, context, watchers.get(check), excluded(check))) {
      const waiver = waiverOf(r)
      report.results.push(waiver ? { ...r, outcome: 'waived', reason: waiver.reason, findings: [] } : r)
    }
  }
  if (deadline.signal.aborted) report.cut = deadline.message
  return finish()
}

/** What cut the run: its deadline, or a target that stopped answering (Deadline.stop). */
function cutBy(signal: AbortSignal | undefined): string {
  const why = (signal?.reason as Error | undefined)?.message ?? ''
  return why.startsWith('The target stopped answering')
    ? 'the target stopped answering'
    : 'the deadline cut the run'
}

/** The base URL without `user:password@` (fetch refuses such URLs), and those credentials, to hide. */
function withoutCredentials(baseUrl: string): { url: string; credentials: string[] } {
  const parsed = URL.parse(baseUrl)
  if (!parsed) return { url: baseUrl, credentials: [] }
  const credentials = [parsed.username, parsed.password, decodeURIComponent(parsed.password)].filter(Boolean)
  if (credentials.length === 0) return { url: baseUrl, credentials }
  parsed.username = ''
  parsed.password = ''
  return { url: parsed.href.replace(/\/$/, baseUrl.endsWith('/') ? '/' : ''), credentials }
}

/** What a check whose run or rule threw reports: a finding per operation saying it could not finish. */
function couldNotFinish(check: Check, error: unknown): Awaited<ReturnType<Check['run']>> {
  const message = `The check could not finish: ${(error as Error).message}`
  return { findings: check.operations.map((operation) => ({ operation, message, curl: '' })) }
}

async function runCheck(
  check: Check,
  context: CheckContext,
  watcher: ExchangeWatcher | undefined,
  excluded: boolean,
): Promise<CheckResult[]> {
  const base = { check: check.name, level: check.level, description: check.description(context.vocabulary) }
  const skip = (reason: string) =>
    check.operations.map(
      (operation): CheckResult => ({ ...base, operation, outcome: 'skip', reason, findings: [] }),
    )
  const missing = check.needs.find((need) => !context.capabilities.has(need))
  // An excluded check is not run: its waiver gives each operation its verdict.
  if (missing || excluded) return skip(missing ? SKIP_REASONS[missing] : '')
  let outcome: Awaited<ReturnType<Check['run']>>
  const firstExchange = context.exchanges.length
  try {
    outcome = watcher ? watcher.outcome() : await check.run(context)
  } catch (error) {
    // Not judged is not passed: a failed precondition, or the deadline, makes the check a skip with the reason.
    if (error instanceof NotJudged) return skip(`not judged: ${error.message}`)
    if (context.deadline?.aborted || error instanceof DeadlineReached)
      return skip(`not judged: ${cutBy(context.deadline)} before this check finished`)
    outcome = couldNotFinish(check, error)
  }
  // A create the target refused with a 5xx its spec documents (the mock's 507: no room) is conforming,
  // but leaves the check without the pet it meant to judge: what it found then is a skip, not a failure.
  const sent = check.afterAll ? [] : context.exchanges.slice(firstExchange)
  const refused = sent.map((exchange) => storageRefusal(context, exchange)).find(Boolean)
  // Findings grouped per operation: how many, and the first few distinct (a watcher has grouped them already).
  const groups = new FindingGroups()
  for (const found of outcome.findings) groups.add(found)
  if (!refused) await reproduceFindings(check, context, groups)
  return check.operations.map((operation): CheckResult => {
    // Worded here, where the check's level is known: "Documented:" only for the document's own rules.
    const findings = groups.examples(operation).map((found) => worded(found, check))
    const found = outcome.found?.[operation] ?? groups.count(operation)
    if (findings.length > 0 && !refused) return { ...base, operation, outcome: 'fail', findings, found }
    const reason = outcome.skipped?.[operation] ?? (findings.length > 0 ? refused : undefined)
    if (reason) return { ...base, operation, outcome: 'skip', reason, findings: [] }
    return { ...base, operation, outcome: 'pass', findings }
  })
}

/**
 * Runs each example finding again, the run's `reproductions` times, when its check can
 * (`Check.reproduce`): `reproduced` says how often the failure came back of the replays that judged
 * anything (none judged: no label).
 */
async function reproduceFindings(check: Check, context: CheckContext, groups: FindingGroups): Promise<void> {
  const { reproduce } = check
  const wanted = context.generation.reproductions ?? DEFAULT_REPRODUCTIONS
  if (!reproduce || wanted <= 0) return
  for (const operation of check.operations) {
    for (const found of groups.examples(operation)) {
      if (found.reproduced) continue
      let times = 0
      let of = 0
      for (let i = 0; i < wanted && !context.deadline?.aborted; i++) {
        const again = await reproduce(context, found)
        // A replay that judged nothing (no answer, no budget) ends this finding's replays: the next would cost as much.
        if (again === undefined) break
        of++
        if (again) times++
      }
      if (of > 0) found.reproduced = { times, of }
    }
  }
}

/** One request before the checks: an unreachable target or a refused key would fail every check, so say it once. */
async function preflight(context: CheckContext, timeoutMs: number): Promise<string | undefined> {
  const { baseUrl, vocabulary } = context
  // In the default form: whether the run can start is not a question of form.
  const probe = await context.call('listPets', { limit: vocabulary.limit.minimum }, { form: DEFAULT_FORM })
  const list = `${probe.request.method} ${probe.request.path}`
  // listPets' target with no parameters: what the messages name.
  const collection = callRequest(vocabulary.operations, 'listPets').path
  if (probe.failure === 'timeout')
    return `The target ${baseUrl} did not answer ${list} in time (${probe.error}): it may be stalled or slow; raise --timeout (now ${formatDuration(timeoutMs)}) if it is only slow.`
  if (probe.failure === 'refused' || probe.failure === 'dns')
    return `The target ${baseUrl} is unreachable: ${probe.error}. Is it running, and is --base-url right?`
  if (probe.status === 0) return `The target ${baseUrl} gave no usable answer to ${list}: ${probe.error}.`
  if (probe.status === 401) {
    // One operation refusing the key is a finding for the checks; every operation refusing it is a wrong key.
    const again = await context.call('getPet', { petId: 1 }, { form: DEFAULT_FORM })
    if (again.status === 401)
      return `The target rejected the API key everywhere (401 on ${probe.request.method} ${baseUrl}${collection} and ${again.request.path}). Set a key it accepts in PETSTORE_API_KEY, or pass --api-key-file FILE (never --api-key: a command line is echoed and shown by ps).`
  }
  if (probe.status === 404 && !baseUrl.endsWith(vocabulary.basePath))
    return `${probe.request.method} ${baseUrl}${collection} is 404: the base URL usually ends in ${vocabulary.basePath} (prism mock is the exception).`
  return undefined
}
