import { toJsonText as show } from '../kit/json/toJsonText.ts'
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
}

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
  readonly #byId = new Map<bigint, KnownPet>()
  /** Every known pet in the order learned, and by status: a list is judged in O(its page), not O(all known). */
  readonly #all: KnownPet[] = []
  readonly #byStatus = new Map<unknown, KnownPet[]>()
  readonly #created: KnownPet[] = []
  readonly #fields: readonly string[]
  /** Per NewPet field, the values (or `omitted`) some 201 accepted, as JSON text. */
  readonly #accepted: Map<string, Set<string>>

  /**
   * `sharesAcceptedWith`: another knowledge whose record of accepted values this one shares. What a
   * server accepted once it must accept again whenever it was sent (a rule about values, whatever
   * the order), so streams of sequences run at once may pool it, while each judges pets and pages
   * with its own knowledge.
   */
  constructor(model: InterfaceModel, sharesAcceptedWith?: StoreKnowledge) {
    this.#fields = Object.keys(model.pet.properties)
    this.#accepted = sharesAcceptedWith ? sharesAcceptedWith.#accepted : new Map()
  }

  /** Every pet created (acknowledged with 201) so far: the ledger of accepted writes. */
  get created(): readonly KnownPet[] {
    return this.#created
  }

  get size(): number {
    return this.#byId.size
  }

  get(id: bigint): KnownPet | undefined {
    return this.#byId.get(id)
  }

  /** Every known pet whose status is `status` (every known pet when it is undefined), in the order learned. */
  matching(status: string | undefined): readonly KnownPet[] {
    return status === undefined ? this.#all : (this.#byStatus.get(status) ?? [])
  }

  /** The pet's declared fields (unknown extra fields are the server's business). */
  declaredFields(pet: Readonly<Record<string, unknown>>): Record<string, unknown> {
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
    const known = this.#byId.get(id)
    if (known) {
      known.confirmed = true
      // Compared field by field, with no copy made: most reads are of pets already known.
      if (this.#sameDeclared(known.pet, pet)) return undefined
      return `pet ${id} read as ${show(this.declaredFields(pet))}, but it was ${show(known.pet)} when ${known.learnedAt}`
    }
    const fields = this.declaredFields(pet)
    const entry = { id, pet: fields, created, learnedAt, confirmed: false }
    this.#byId.set(id, entry)
    this.#all.push(entry)
    const sameStatus = this.#byStatus.get(fields.status)
    if (sameStatus) sameStatus.push(entry)
    else this.#byStatus.set(fields.status, [entry])
    if (created) this.#created.push(entry)
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

  /** Records the values of a body some 201 accepted (an omitted field as `omitted`). */
  accepted(fields: readonly string[], body: Readonly<Record<string, unknown>>): void {
    for (const field of fields) {
      const values = this.#accepted.get(field) ?? new Set<string>()
      this.#accepted.set(field, values.add(valueKey(body[field])))
    }
  }

  /** True when every field's value (or its omission) was in some body a 201 accepted. */
  wasAccepted(fields: readonly string[], body: Readonly<Record<string, unknown>>): boolean {
    return fields.every((field) => this.#accepted.get(field)?.has(valueKey(body[field])) ?? false)
  }
}

function valueKey(value: unknown): string {
  return value === undefined ? 'omitted' : show(value)
}
