import { setTimeout as sleep } from 'node:timers/promises'
import { exactJson } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { isNeutralNewPet } from '../../model/isNeutralNewPet.ts'
import { type Answer, describe, judgeCreate } from '../../model/judgeCreate.ts'
import { judgeGet } from '../../model/judgeGet.ts'
import { judgeList } from '../../model/judgeList.ts'
import type { ListQuery } from '../../model/ListQuery.ts'
import type { Problem } from '../../model/Problem.ts'
import type { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import { CreateBudgetSpent } from '../base/CreateBudget.ts'
import type { Exchange } from '../http/exchange.ts'
import { type BodyViolation, bodyText, bodyViolations, RawNumber } from '../negative/bodyViolations.ts'
import { type Command, ModelViolation, type SequenceModel, type SequenceTarget, type Step } from './Step.ts'

/** One request of a step: the operation called, its parameters, how it goes out. */
type Call = Parameters<SequenceTarget['call']>

/** Which connection a read goes out on (`ProbeRequest.connection`), drawn with the command so a seed replays it. */
export type Connection = 'fresh' | 'reused'

const ON: Record<Connection, string> = {
  fresh: 'on a fresh connection',
  reused: 'on a reused (keep-alive) connection',
}

/** A pet as the target wrote it (ids beyond 2^53 exact), when the body is an object. */
const petOf = (exchange: Exchange) =>
  exactJson(exchange.json) as { id?: unknown; status?: unknown } | undefined

const answerOf = (exchange: Exchange): Answer => ({
  status: exchange.status,
  body: exactJson(exchange.json),
  error: exchange.error,
})

/**
 * Sends requests together, records them as one step, and throws at the first problem a judge finds,
 * each answer judged by the shared knowledge as of when its request went out (`StoreKnowledge.asOf`).
 * A create the budget no longer allows (another stream took the last slot) is not sent: undefined.
 */
async function step(
  m: SequenceModel,
  r: SequenceTarget,
  title: string,
  calls: Call[],
  judge: (exchange: Exchange, index: number, stepName: string, known: StoreKnowledge) => Problem | undefined,
): Promise<Array<Exchange | undefined>> {
  const connection = calls[0]?.[2]?.connection
  const record: Step = {
    title: connection ? `${title}, ${ON[connection]}` : title,
    concurrent: calls.length > 1,
    exchanges: [],
  }
  m.steps.push(record)
  const stepName = `step ${m.steps.length}`
  const notSent = (error: unknown) => {
    if (error instanceof CreateBudgetSpent) return undefined
    throw error
  }
  const exchanges = await Promise.all(calls.map((call) => r.call(...call).catch(notSent)))
  for (const [index, exchange] of exchanges.entries()) {
    if (!exchange) continue
    const found = exchange.request.notJudged
      ? undefined
      : judge(exchange, index, stepName, m.knowledge.asOf(exchange))
    // Which connection carried a read that failed: a store or cache per connection shows here.
    const sentOn = exchange.request.connection
    const problem = found && sentOn ? { ...found, received: `${found.received} (${ON[sentOn]})` } : found
    record.exchanges.push({ exchange, note: problem ? 'FAILED' : 'as the model allows' })
    if (problem && !record.problem) record.problem = { ...problem, exchange }
  }
  if (record.problem) throw new ModelViolation(record.problem)
  return exchanges
}

/**
 * createPet, once or as a burst of concurrent creates (ids must stay unique under concurrency).
 * `again`: the bodies the sequence's last create sent, sent once more (the document keys pets by
 * id alone: the same body twice is two pets, however a server matches names or bodies).
 */
export class CreatePets implements Command {
  readonly bodies: ReadonlyArray<Record<string, unknown>>
  readonly again: boolean
  constructor(bodies: ReadonlyArray<Record<string, unknown>>, again = false) {
    this.bodies = bodies
    this.again = again
  }
  check = () => true
  async run(m: SequenceModel, r: SequenceTarget): Promise<void> {
    // A neutral body's strings become the run's pet names, so what it leaves in a shared store is
    // unique; a body probing a gap keeps its generated strings (the run's tag, then a space,
    // Unicode, a column width), which is the point of sending it.
    const bodies =
      (this.again && m.lastSent) ||
      this.bodies.map((body) => (isNeutralNewPet(m.model, body) ? withRunName(m, body) : body))
    // Past the run's create budget (--max-creates) a sequence goes on reading; the creates are not sent.
    if (m.mayCreate && !m.mayCreate(bodies.length)) return
    m.lastSent = bodies
    const calls = bodies.map(
      (body): Call => [
        'createPet',
        {},
        { body: toJsonText(body), kind: isNeutralNewPet(m.model, body) ? 'valid' : 'gap' },
      ],
    )
    const title =
      bodies.length === 1 ? 'createPet' : `${bodies.length} createPet at once (each must get its own id)`
    const created = await step(m, r, title, calls, (exchange, index, stepName, known) =>
      judgeCreate(m.model, known, bodies[index] ?? {}, answerOf(exchange), stepName),
    )
    for (const exchange of created) {
      const { id, status } = (exchange?.status === 201 && petOf(exchange)) || {}
      if (typeof id === 'bigint' || Number.isInteger(id))
        m.states?.see({ operation: 'createPet', id: BigInt(id as bigint), status })
    }
  }
  toString = () =>
    this.again ? 'createPet(the last create again)' : `createPet(${this.bodies.map(toJsonText).join(', ')})`
}

function withRunName(m: SequenceModel, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const named = { ...body }
  for (const [field, schema] of Object.entries(m.model.newPet.properties)) {
    if (schema.type === 'string' && !Array.isArray(schema.enum)) named[field] = m.petName()
  }
  return named
}

/** listPets with a query, then getPet of some listed pets at once: each must be what the list showed. */
export class ListPets implements Command {
  readonly query: ListQuery
  readonly probes: readonly number[]
  readonly connection: Connection | undefined
  constructor(query: ListQuery, probes: readonly number[], connection?: Connection) {
    this.query = query
    this.probes = probes
    this.connection = connection
  }
  check = () => true
  async run(m: SequenceModel, r: SequenceTarget): Promise<void> {
    const on = this.connection ? { connection: this.connection } : {}
    const [listed] = await step(
      m,
      r,
      'listPets',
      [['listPets', { limit: this.query.limit, status: this.query.status }, on]],
      (exchange, _i, name, known) => judgeList(m.model, known, this.query, answerOf(exchange), name),
    )
    const answered = listed && exactJson(listed.json)
    const page = (Array.isArray(answered) ? answered : []) as Array<{ id: number | bigint; status?: unknown }>
    if (listed?.status === 200 && Array.isArray(answered))
      m.states?.see({
        operation: 'listPets',
        limit: this.query.limit,
        status: this.query.status,
        page: page.map((pet) => ({ id: BigInt(pet.id), status: pet.status })),
      })
    const ids = [...new Set(this.probes.filter((i) => i < page.length).map((i) => BigInt(page[i]?.id ?? 0)))]
    if (ids.length === 0) return
    await step(
      m,
      r,
      'getPet of pets just listed, at once (each must equal what the list showed)',
      ids.map((id): Call => ['getPet', { petId: id }, on]),
      (exchange, index, name, known) => judgeGet(known, ids[index] ?? 0n, answerOf(exchange), name),
    )
  }
  toString = () =>
    `listPets(${toJsonText(this.query)}, probe ${this.probes.length}${this.connection ? `, ${this.connection}` : ''})`
}

/** getPet of a pet the run created, one it read, or an id it does not know. */
export class GetPet implements Command {
  readonly which: { kind: 'created' | 'known'; index: number } | { kind: 'unknown'; id: bigint }
  readonly connection: Connection | undefined
  constructor(which: GetPet['which'], connection?: Connection) {
    this.which = which
    this.connection = connection
  }
  /** The id fetched the first time: a shrunk or replayed run fetches it again, whatever the shared pool now holds. */
  private chosen: bigint | undefined
  check = () => true
  async run(m: SequenceModel, r: SequenceTarget): Promise<void> {
    const pool = this.which.kind === 'created' ? m.knowledge.created : m.knowledge.matching(undefined)
    this.chosen ??=
      this.which.kind === 'unknown'
        ? this.which.id
        : (pool[this.which.index % Math.max(1, pool.length)]?.id ?? 0n)
    const id = this.chosen
    const on = this.connection ? { connection: this.connection } : {}
    const [got] = await step(m, r, 'getPet', [['getPet', { petId: id }, on]], (exchange, _i, name, known) =>
      judgeGet(known, id, answerOf(exchange), name),
    )
    if (got) m.states?.see({ operation: 'getPet', id, answered: got.status, status: petOf(got)?.status })
  }
  toString = () =>
    `getPet(${this.which.kind === 'unknown' ? this.which.id : `${this.which.kind} #${this.which.index}`}${this.connection ? `, ${this.connection}` : ''})`
}

/**
 * createPet with a body the document refuses (a schema violation: a required field missing, a value
 * of another type or outside its enum or range, drawn from negative/bodyViolations.ts): 400 with an
 * Error, and nothing stored, ever: each text it carries is the run's own, so a pet read later that
 * carries one was stored by it (StoreKnowledge.refused). Mixed with the other commands, so a refusal
 * comes while the store is small, right before a list, between concurrent creates.
 */
export class RefusedCreate implements Command {
  readonly choice: number
  /** False for a target that reads doubles (Prism): no value beyond 2^53 is sent. */
  readonly exactInt64: boolean
  constructor(choice: number, exactInt64 = true) {
    this.choice = choice
    this.exactInt64 = exactInt64
  }
  /** The body chosen the first time it ran (and the run's names in it), so a replay sends the same. */
  private chosen: (BodyViolation & { names: string[] }) | undefined
  check = () => true
  async run(m: SequenceModel, r: SequenceTarget): Promise<void> {
    if (m.mayCreate && !m.mayCreate(1)) return
    if (!this.chosen) {
      const { properties, required } = m.model.newPet
      const names = new Set<string>()
      let next = 0
      // Marked apart from the names a gap body draws (the run's tag and a few characters): never the same.
      const text = () => names.add(`${m.petName()}refused`) && ([...names].at(-1) as string)
      const cases = bodyViolations({ type: 'object', properties, required }, { text, integer: () => ++next })
        // A beyond-int64 value is exact digits (RawNumber); a target that reads doubles cannot tell it.
        .filter(
          (one) => this.exactInt64 || !Object.values(one.body ?? {}).some((v) => v instanceof RawNumber),
        )
      const chosen = cases[this.choice % cases.length] as BodyViolation
      const sent = bodyText(chosen.body)
      this.chosen = { ...chosen, names: [...names].filter((name) => sent.includes(JSON.stringify(name))) }
    }
    const { body, label, names } = this.chosen
    const title = `createPet with a body the document refuses (${label})`
    await step(m, r, title, [['createPet', {}, { body: bodyText(body) }]], (exchange, _i, _step, known) => {
      if (exchange.status !== 400)
        return {
          operation: 'createPet',
          received: describe(answerOf(exchange)),
          documented: `400 with an Error body: ${label} (§4.2: a body with invalid values)`,
        }
      // Named by what was sent: the sequence that reads it again may be another (shrunk) one.
      known.refused(names, `a createPet refused with 400 (${label})`)
      return undefined
    })
  }
  toString = () => `refusedCreate(${this.chosen?.label ?? this.choice})`
}

/** A pause between commands: what changes with time (a cache, a token, a counter) is met mid-sequence. */
export class Pause implements Command {
  readonly ms: number
  constructor(ms: number) {
    this.ms = ms
  }
  check = () => true
  async run(m: SequenceModel): Promise<void> {
    m.steps.push({ title: `a pause of ${this.ms} ms`, concurrent: false, exchanges: [], pauseMs: this.ms })
    await sleep(this.ms)
  }
  toString = () => `pause(${this.ms})`
}
