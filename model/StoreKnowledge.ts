import { toJsonText as show } from '../kit/json/toJsonText.ts'
import { heldBytes } from '../kit/memory/heldBytes.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import { sameJson } from './sameJson.ts'

/** A pet the run knows exists: one it created (an acknowledged write) or one it read. */
export interface KnownPet {
  id: bigint
  /** The pet's declared fields as first read, exactly (integers beyond 2^53 as bigints). */
  pet: Readonly<Record<string, unknown>>
  /** True for a pet this run created: its fields are judged against what was submitted. */
  created: boolean
  /** Where the run learned it, for messages ("created in step 3", "listed in step 5"). */
  learnedAt: string
  /** True once it has been read again after the run learned it: it was not lost. */
  confirmed: boolean
  /**
   * When the run first knew it: the completion stamp of the exchange that taught it (the earliest,
   * when several did). A read binds only pets known before it started (`asOf`).
   */
  since: number
  /**
   * Optional fields the 201 that first taught the pet left out, whose value the server chose
   * ("Value of `status` when it is omitted on creation: not shown"): the first read that shows one
   * fills it in, and from then on it must read the same.
   */
  unshown?: readonly string[]
}

/** When an exchange judged by a view went out and when its answer was complete (see `asOf`). */
export type Span = Partial<Record<'startedAt' | 'completedAt', number>>

/**
 * What a run knows of the target's store. The interface has no update and no delete, so the store
 * only grows and a pet never changes: every pet once read or acknowledged must read the same
 * forever after. Targets may be shared (staging, other writers), so the knowledge is a lower bound:
 * other pets may exist, and are judged only for consistency.
 *
 * @example
 * const knowledge = new StoreKnowledge(model)
 * knowledge.learn({ id: 7, name: 'Rex', categoryId: 1 }, true, 'created in step 1') // undefined: new
 * knowledge.learn({ id: 7, name: 'Max', categoryId: 1 }, false, 'listed in step 2') // 'pet 7 read as …'
 */
export class StoreKnowledge {
  readonly #model: InterfaceModel
  readonly #shared: SharedRecord
  readonly #fields: readonly string[]
  /** The Pet's fields that are not required: a 201 may leave one out when it was not sent. */
  readonly #optional: readonly string[]
  /** A view's horizon: only pets known since before it are known to the view (see `asOf`). */
  readonly #horizon: number
  /** The stamp a view's learning is recorded with (the completion of the exchange it judges). */
  readonly #learnedWhen: number

  /** `view`: for `asOf` only; a view shares every record of the knowledge it looks at. */
  constructor(model: InterfaceModel, view?: { of: StoreKnowledge; span: Span }) {
    this.#model = model
    this.#fields = Object.keys(model.pet.properties)
    this.#optional = this.#fields.filter((field) => !model.pet.required.includes(field))
    this.#horizon = view?.span.startedAt ?? Number.POSITIVE_INFINITY
    this.#learnedWhen = view?.span.completedAt ?? (Number.isFinite(this.#horizon) ? this.#horizon : 0)
    this.#shared = view ? view.of.#shared : sharedRecord()
  }

  /**
   * The same knowledge as an exchange that spanned `span` may be judged by: it knows only the pets
   * known before the exchange started, since a write that completed while it was in flight may
   * postdate the answer; what it learns is recorded as known from the exchange's completion. Streams
   * and checks running at once share one knowledge this way, each read bound by every write (and
   * every read) of any of them that completed before it began. A span without stamps sees all.
   *
   * @example
   * const view = knowledge.asOf({ startedAt: 10, completedAt: 14 })
   * view.get(7n) // undefined when pet 7 was first known at 12 (created while this read was in flight)
   */
  asOf(span: Span): StoreKnowledge {
    return new StoreKnowledge(this.#model, { of: this, span })
  }

  #visible(pet: KnownPet): boolean {
    return pet.since < this.#horizon
  }

  /** Every pet created (acknowledged with 201) so far: the ledger of accepted writes. */
  get created(): readonly KnownPet[] {
    return this.#known(this.#shared.created)
  }

  get size(): number {
    return this.#shared.byId.size
  }

  /**
   * Characters' worth (two bytes each) of what the knowledge holds: the known pets at any depth,
   * where each was learned, and the accepted values; what a bounded holder caps (REMEMBERED_CHARS_MAX).
   */
  get chars(): number {
    return this.#shared.chars
  }

  get(id: bigint): KnownPet | undefined {
    const known = this.#shared.byId.get(id)
    return known && this.#visible(known) ? known : undefined
  }

  /**
   * The known pet `id` a new 201 may not carry: one known before the create started, or one another
   * acknowledged create carries (two 201s for one pet, whenever they completed).
   */
  claimed(id: bigint): KnownPet | undefined {
    const known = this.#shared.byId.get(id)
    return known && (known.created || this.#visible(known)) ? known : undefined
  }

  /** Every known pet whose status is `status` (every known pet when it is undefined), in the order learned. */
  matching(status: string | undefined): readonly KnownPet[] {
    return this.#known(status === undefined ? this.#shared.all : (this.#shared.byStatus.get(status) ?? []))
  }

  /** The pets of `pets` this view knows. */
  #known(pets: readonly KnownPet[]): readonly KnownPet[] {
    // A view that started after every pet was known (always, one stream alone) needs no filter.
    return this.#shared.latest < this.#horizon ? pets : pets.filter((pet) => this.#visible(pet))
  }

  /** The pet's declared fields (unknown extra fields are the server's business). */
  #declared(pet: Readonly<Record<string, unknown>>): Record<string, unknown> {
    // A loop, not filter/map/fromEntries: the proxy calls this for every pet of every page it forwards.
    const fields: Record<string, unknown> = {}
    for (const field of this.#fields) if (Object.hasOwn(pet, field)) fields[field] = pet[field]
    return fields
  }

  /**
   * Records a pet read or created; returns a description of the disagreement when the same id was
   * known with other fields (a pet never changes), else undefined.
   */
  learn(pet: Readonly<Record<string, unknown>>, created: boolean, learnedAt: string): string | undefined {
    const id = BigInt(pet.id as number | bigint)
    const known = this.#shared.byId.get(id)
    const when = this.#learnedWhen
    if (known) {
      // Known to this view: read again, so not lost. Known only since this exchange started: another
      // stream read it meanwhile, and this answer tells it earlier or later; the earlier counts.
      if (this.#visible(known)) known.confirmed = true
      known.since = Math.min(known.since, when)
      if (created && !known.created) {
        known.created = true
        known.learnedAt = learnedAt
        this.#shared.created.push(known)
      }
      // A pet never changes, whenever it was read: compared field by field, with no copy made.
      if (this.#sameDeclared(known.pet, pet)) return undefined
      if (this.#fillsUnshown(known, pet)) return undefined
      return `pet ${id} read as ${show(this.#declared(pet))}, but it was ${show(known.pet)} when ${known.learnedAt}`
    }
    const fields = this.#declared(pet)
    for (const value of Object.values(fields)) {
      const refusedIn = typeof value === 'string' ? this.#shared.refused.get(value) : undefined
      if (refusedIn)
        return `pet ${id} ${show(fields)} carries ${show(value)}, sent only in ${refusedIn}: a refused create was stored`
    }
    // A 201 carries the submitted fields (the document's rule 4.2.2): an optional field it leaves out
    // was not sent, so its value is the server's to choose, and an echo of the request is conforming.
    const unshown = created ? this.#optional.filter((field) => !Object.hasOwn(fields, field)) : []
    const entry: KnownPet = { id, pet: fields, created, learnedAt, confirmed: false, since: when }
    if (unshown.length > 0) entry.unshown = unshown
    this.#shared.chars += Math.ceil(heldBytes(fields).bytes / 2) + learnedAt.length
    this.#shared.byId.set(id, entry)
    this.#shared.all.push(entry)
    if (when > this.#shared.latest) this.#shared.latest = when
    const sameStatus = this.#shared.byStatus.get(fields.status)
    if (sameStatus) sameStatus.push(entry)
    else this.#shared.byStatus.set(fields.status, [entry])
    if (created) this.#shared.created.push(entry)
    return undefined
  }

  /** True when `pet` has exactly the declared fields `known` has, each the same (`sameJson`). */
  #sameDeclared(known: Readonly<Record<string, unknown>>, pet: Readonly<Record<string, unknown>>): boolean {
    for (const field of this.#fields) {
      const has = Object.hasOwn(pet, field)
      if (has !== Object.hasOwn(known, field)) return false
      if (has && !sameJson(known[field], pet[field])) return false
    }
    return true
  }

  /**
   * True when `pet` differs from `known` only by showing fields the 201 that taught it left out
   * (`unshown`), each otherwise the same: they are filled in (and the pet filed under its status),
   * so every later read must show them alike.
   */
  #fillsUnshown(known: KnownPet, pet: Readonly<Record<string, unknown>>): boolean {
    const unshown = known.unshown
    if (!unshown) return false
    const filled = { ...known.pet }
    for (const field of unshown) if (Object.hasOwn(pet, field)) filled[field] = pet[field]
    if (!this.#sameDeclared(filled, pet)) return false
    if (filled.status !== known.pet.status) {
      const before = this.#shared.byStatus.get(known.pet.status)
      before?.splice(before.indexOf(known), 1)
      const after = this.#shared.byStatus.get(filled.status)
      if (after) after.push(known)
      else this.#shared.byStatus.set(filled.status, [known])
    }
    known.pet = filled
    known.unshown = unshown.filter((field) => !Object.hasOwn(pet, field))
    if (known.unshown.length === 0) delete known.unshown
    return true
  }

  /**
   * Records the texts of a body the target refused (each unique to it, the run's names): a pet read
   * later that carries one was stored by a refused create (`learn` says so).
   */
  refused(texts: readonly string[], where: string): void {
    for (const text of texts) this.#shared.refused.set(text, where)
  }

  /** Records the values of a body some 201 accepted (an omitted field as `omitted`). */
  accepted(fields: readonly string[], body: Readonly<Record<string, unknown>>): void {
    for (const field of fields) {
      const values = this.#shared.accepted.get(field) ?? new Set<string>()
      const key = valueKey(body[field])
      if (!values.has(key)) this.#shared.chars += key.length
      this.#shared.accepted.set(field, values.add(key))
    }
  }

  /** True when every field's value (or its omission) was in some body a 201 accepted. */
  wasAccepted(fields: readonly string[], body: Readonly<Record<string, unknown>>): boolean {
    return fields.every((field) => this.#shared.accepted.get(field)?.has(valueKey(body[field])) ?? false)
  }
}

/** What a knowledge and its views share, empty: what one stream learns, every stream knows. */
function sharedRecord() {
  return {
    byId: new Map<bigint, KnownPet>(),
    /** Every known pet in the order learned, and by status: a list is judged in O(its page), not O(all known). */
    all: [] as KnownPet[],
    byStatus: new Map<unknown, KnownPet[]>(),
    created: [] as KnownPet[],
    /**
     * Per NewPet field, the values (or `omitted`) some 201 accepted, as JSON text: what a server
     * accepted once it must accept again whenever it was sent (a rule about values, whatever the order).
     */
    accepted: new Map<string, Set<string>>(),
    /** Texts sent only in creates the target refused, and where: a pet carrying one was stored anyway. */
    refused: new Map<string, string>(),
    /** The latest `since` of any known pet: a view whose horizon is past it sees everything, unfiltered. */
    latest: Number.NEGATIVE_INFINITY,
    /** Characters' worth of what the known pets and accepted values hold (see `chars`). */
    chars: 0,
  }
}

type SharedRecord = ReturnType<typeof sharedRecord>

function valueKey(value: unknown): string {
  return value === undefined ? 'omitted' : show(value)
}
