import { type NewPet, openApiDocument, type Pet, type PetStatus, pickDeclared } from '../../spec/runtime.ts'
import { exactValue } from './exactJson.ts'
import { petShape } from './petShape.ts'

/** What `list` takes: a page size and an optional status filter. */
export interface ListQuery {
  limit: number
  status?: PetStatus | undefined
}

/** The status a pet gets when it is created without one (a gap in the interface document). */
export const DEFAULT_STATUS: PetStatus = 'available'

const DEFAULT_PET_FIELDS = petShape(openApiDocument).petFields

/** How many pets a store holds at most unless told otherwise (`--max-pets`): memory, not disk, is the bound. */
export const DEFAULT_MAX_PETS = 100_000

/**
 * How many characters of text (every string field) a store holds at most, whatever `maxPets` says:
 * 100,000 pets with 64 KiB names (the body cap) would be 6.5 GB, past V8's heap limit. 64 Mi
 * characters keep the text under 128 MB of heap (two bytes per character at worst).
 */
export const MAX_TEXT_CHARS = 64 * 1024 * 1024

export interface PetStoreLimits {
  /** Creates are refused once the store holds this many pets (DEFAULT_MAX_PETS). */
  maxPets?: number
  /** Creates are refused once the strings stored add up to this many characters (MAX_TEXT_CHARS). */
  maxTextChars?: number
}

/** What changed in a store, in order: what a durable log (the state file) replays. */
export type StoreChange = { kind: 'create'; pet: Pet } | { kind: 'reset'; pets: readonly Pet[] }

/**
 * The in-memory store of pets: pure data, no HTTP. Ids are assigned in sequence from 1 (after the
 * highest seeded id; once that passes 2^53 - 1, the lowest free id), so every id is a safe integer in
 * JavaScript. Lists come oldest first. Other integers are kept exactly: one beyond ±(2^53 - 1), such
 * as an int64 `categoryId`, as its digits (`JSON.rawJSON`, from the parsers or from a bigint given
 * here), so `JSON.stringify` gives back what was sent.
 *
 * Listing costs O(limit), whatever the store holds: there is no delete operation, so one
 * append-only array of all pets and one per status keep creation order for free.
 *
 * @example
 * const store = new PetStore()
 * const rex = store.create({ name: 'Rex', categoryId: 1 }) // { id: 1, ..., status: 'available' }
 * store.list({ limit: 20, status: 'available' }) // [rex]
 */
export class PetStore {
  #byId = new Map<number, Pet>()
  #all: Pet[] = []
  #byStatus = new Map<PetStatus, Pet[]>()
  #nextId = 1
  /** Where the search for a free id resumes once the sequence has passed 2^53 - 1 (no deletes: it only grows). */
  #lowestFree = 1
  #textChars = 0
  readonly #maxPets: number
  readonly #maxTextChars: number
  #listeners: ((change: StoreChange) => void)[] = []

  /** The fields a pet keeps besides `id`: those the Pet schema declares (see `fields`). */
  #fields: readonly string[] = []
  #declared: readonly string[] = []

  /**
   * @param fields the properties the Pet schema declares (`petShape(document).petFields`); a stored
   *   pet keeps exactly these. The generated spec's by default; an engine sets its own spec's.
   * @param limits the cap on creates (`--max-pets`); DEFAULT_MAX_PETS and MAX_TEXT_CHARS by default.
   */
  constructor(
    seed: readonly Pet[] = [],
    fields: readonly string[] = DEFAULT_PET_FIELDS,
    limits: PetStoreLimits = {},
  ) {
    this.#maxPets = limits.maxPets ?? DEFAULT_MAX_PETS
    this.#maxTextChars = limits.maxTextChars ?? MAX_TEXT_CHARS
    this.useFields(fields)
    this.reset(seed)
  }

  /** The most pets this store takes by create. */
  get maxPets(): number {
    return this.#maxPets
  }

  /**
   * Why a create of this pet would be refused (the store is at its cap), or undefined when it fits.
   * A seed or a loaded state file may hold more than the cap: it is kept, only creates are refused.
   *
   * @example
   * new PetStore([], undefined, { maxPets: 0 }).refusal({ name: 'Rex', categoryId: 1 }) // 'The store holds its maximum of 0 pets ...'
   */
  refusal(input: NewPet): string | undefined {
    if (this.#all.length >= this.#maxPets)
      return `The store holds its maximum of ${this.#maxPets} pets (--max-pets); no pet was created.`
    if (this.#textChars + textChars(input) > this.#maxTextChars)
      return `The store's text would exceed ${this.#maxTextChars} characters in all; no pet was created.`
    return undefined
  }

  /** Tells `listener` every change, after it is made (the state file logs them). Returns an unsubscribe. */
  onChange(listener: (change: StoreChange) => void): () => void {
    this.#listeners.push(listener)
    return () => {
      this.#listeners = this.#listeners.filter((other) => other !== listener)
    }
  }

  /**
   * Takes back the most recent creates (a state file could not keep them). True when they were the
   * latest pets, in order, and are gone; false (nothing changed) otherwise, e.g. after a reset.
   * Their ids are not handed out again in this run.
   *
   * @example
   * const pet = store.create({ name: 'Rex', categoryId: 1 })
   * store.undoCreates([pet]) // true: store.get(pet.id) is undefined again
   */
  undoCreates(pets: readonly Pet[]): boolean {
    for (let i = 0; i < pets.length; i++) {
      if (this.#all[this.#all.length - pets.length + i] !== pets[i]) return false
    }
    for (let i = pets.length - 1; i >= 0; i--) {
      const pet = this.#all.pop() as Pet
      this.#byStatus.get(pet.status ?? DEFAULT_STATUS)?.pop()
      this.#byId.delete(pet.id)
      this.#textChars -= textChars(pet)
    }
    return true
  }

  /** The properties a stored pet keeps, as the Pet schema declares them. Pets already stored keep theirs. */
  get fields(): readonly string[] {
    return this.#declared
  }

  /** Keeps `fields` (the Pet schema's properties) from now on; cheap when they are the same array. */
  useFields(fields: readonly string[]): void {
    if (fields === this.#declared) return
    this.#declared = fields
    this.#fields = fields.filter((field) => field !== 'id')
  }

  /** How many pets the store holds. */
  get size(): number {
    return this.#all.length
  }

  /** Stores a new pet under the next id. The caller has validated `input`; only declared fields are kept. */
  create(input: NewPet): Pet {
    const pet = this.#shaped(this.#takeId(), input)
    this.#insert(pet)
    for (const listener of this.#listeners) listener({ kind: 'create', pet })
    return pet
  }

  /** The pet with this id, or undefined. */
  get(id: number): Pet | undefined {
    return this.#byId.get(id)
  }

  /** At most `limit` pets, oldest first, only those with `status` when it is given. */
  list({ limit, status }: ListQuery): Pet[] {
    const source = status === undefined ? this.#all : (this.#byStatus.get(status) ?? [])
    return source.slice(0, limit)
  }

  /** The `limit` most recently added pets, oldest of them first: what the inspector page shows. */
  newest(limit: number): Pet[] {
    return this.#all.slice(Math.max(0, this.#all.length - limit))
  }

  /** Every pet, oldest first: what a state file or a snapshot holds. */
  snapshot(): Pet[] {
    return [...this.#all]
  }

  /**
   * Empties the store and loads `seed` (pets with their ids); the next id follows the highest.
   * A bad seed (duplicate or unsafe ids) throws before anything changes.
   */
  reset(seed: readonly Pet[] = []): void {
    const ids = new Set<number>()
    for (const pet of seed) {
      if (!Number.isSafeInteger(pet.id) || pet.id < 1)
        throw new Error(`seed id ${shown(pet.id)} is not a positive safe integer`)
      if (ids.has(pet.id)) throw new Error(`seed holds id ${pet.id} twice`)
      ids.add(pet.id)
    }
    this.#byId.clear()
    this.#all = []
    this.#byStatus.clear()
    this.#nextId = 1
    this.#lowestFree = 1
    this.#textChars = 0
    for (const pet of seed) {
      this.#insert(this.#shaped(pet.id, pet))
    }
    if (this.#listeners.length > 0) {
      const pets = this.snapshot()
      for (const listener of this.#listeners) listener({ kind: 'reset', pets })
    }
  }

  /** The next id in sequence; past 2^53 - 1 (only a seed can get there), the lowest free one. */
  #takeId(): number {
    if (this.#nextId <= Number.MAX_SAFE_INTEGER) return this.#nextId
    while (this.#byId.has(this.#lowestFree)) this.#lowestFree++
    return this.#lowestFree
  }

  /**
   * A pet as stored: `id`, the declared fields `input` holds (a bigint as `exactValue` keeps it), and
   * a status (DEFAULT_STATUS if none).
   */
  #shaped(id: number, input: NewPet): Pet {
    // Built in place on an empty literal (V8 gives it four in-object slots: id, name, categoryId,
    // status), as compact as the hand-written literal it replaces; a spread copy cost ~25% more heap.
    const pet: Record<string, unknown> = {}
    pet.id = id
    pickDeclared(input as unknown as Record<string, unknown>, this.#fields, pet)
    for (const field of this.#fields)
      if (typeof pet[field] === 'bigint') pet[field] = exactValue(pet[field] as bigint)
    pet.status ??= DEFAULT_STATUS
    return pet as unknown as Pet
  }

  #insert(pet: Pet): void {
    this.#byId.set(pet.id, pet)
    this.#all.push(pet)
    const status = pet.status ?? DEFAULT_STATUS
    let bucket = this.#byStatus.get(status)
    if (!bucket) {
      bucket = []
      this.#byStatus.set(status, bucket)
    }
    bucket.push(pet)
    this.#textChars += textChars(pet)
    this.#nextId = Math.max(this.#nextId, pet.id + 1)
  }
}

/** The characters of a pet's string fields: what its text costs in memory. */
function textChars(pet: object): number {
  let chars = 0
  for (const value of Object.values(pet)) if (typeof value === 'string') chars += value.length
  return chars
}

/** A value for an error message; a raw JSON number (null prototype) cannot go through a template. */
function shown(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
}
