import { exactValue } from '../../kit/json/exactJson.ts'
import { type Held, heldBytes } from '../../kit/memory/heldBytes.ts'
import { type MemoryBudget, PET_OVERHEAD_BYTES, UNBOUNDED } from '../../kit/memory/MemoryBudget.ts'
import { defaultSpec, type NewPet, type Pet, type PetStatus, pickDeclared } from '../../spec/runtime.ts'

/** What `list` takes: a page size and an optional status filter. */
export interface ListQuery {
  limit: number
  status?: PetStatus | undefined
}

/** The status a pet gets when it is created without one (a gap in the interface document). */
export const DEFAULT_STATUS: PetStatus = 'available'

const DEFAULT_PET_FIELDS = defaultSpec().vocabulary.pet.fields

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
  /** Shared by every store of one HTTP mock: creates and seeds given at run time are charged to it. */
  budget?: MemoryBudget
  /**
   * A seed array that never changes once given: every store given the same array shares one index
   * of it instead of building its own (the HTTP mock's sessions). Any other seed is indexed anew.
   */
  sharedSeed?: readonly Pet[]
}

/** What changed in a store, in order: what a durable log (the state file) replays. */
export type StoreChange = { kind: 'create'; pet: Pet } | { kind: 'reset'; pets: readonly Pet[] }

/** A store cannot take a seed: the memory budget has no room for it. */
export class StoreFullError extends Error {}

/** Pets in creation order: all of them, by id, and by status. */
interface PetIndex {
  readonly all: Pet[]
  readonly byId: Map<number, Pet>
  readonly byStatus: Map<PetStatus, Pet[]>
}

/**
 * A seed's pets indexed once, never changed afterwards: every store reset to the same seed array
 * (every session of an HTTP mock) shares it, and keeps only what it creates itself. A session
 * therefore costs nearly nothing to make, even over a million-pet `--seed`.
 */
interface SeedIndex extends PetIndex {
  readonly textChars: number
  /** What its pets cost held (`petCost`): what a seed given at run time is charged. */
  readonly bytes: number
  readonly maxId: number
}

/** Indexes of seeds by seed array, then by the Pet fields they were shaped with (a spec's `petFields`, joined). */
const sharedSeeds = new WeakMap<readonly Pet[], Map<string, SeedIndex>>()
const NONE: readonly Pet[] = Object.freeze([])
const EMPTY_INDEX = indexSeed([], [])

/**
 * The in-memory store of pets: pure data, no HTTP. Ids are assigned in sequence from 1 (after the
 * highest seeded id; once that passes 2^53 - 1, the lowest free id), so every id is a safe integer in
 * JavaScript. Lists come oldest first. Other integers are kept exactly: one beyond ±(2^53 - 1), such
 * as an int64 `categoryId`, as its digits (`JSON.rawJSON`, from the parsers or from a bigint given
 * here), so `JSON.stringify` gives back what was sent.
 *
 * Listing costs O(limit), whatever the store holds: there is no delete operation, so append-only
 * arrays of all pets and one per status keep creation order for free. The seed's arrays are shared
 * between stores (copy on write, by never writing them: a store's own pets come after the seed's in
 * every order, so they live in arrays of their own).
 *
 * @example
 * const store = new PetStore()
 * const rex = store.create({ name: 'Rex', categoryId: 1 }) // { id: 1, ..., status: 'available' }
 * store.list({ limit: 20, status: 'available' }) // [rex]
 */
export class PetStore {
  #base: SeedIndex = EMPTY_INDEX
  /** The pets this store created itself, after the seed's in every order. */
  #own: PetIndex = emptyIndex()
  #nextId = 1
  /** Where the search for a free id resumes once the sequence has passed 2^53 - 1 (no deletes: it only grows). */
  #lowestFree = 1
  #textChars = 0
  /** What this store has charged to the budget: its own pets, and its seed when it is not shared. */
  #charged = 0
  /** Counts every change (create, reset, take-back): the inspector's ETag. */
  #version = 0
  readonly #maxPets: number
  readonly #maxTextChars: number
  readonly #budget: MemoryBudget
  readonly #sharedSeed: readonly Pet[] | undefined
  #listeners: ((change: StoreChange) => void)[] = []

  /** The fields a pet keeps besides `id`: those the Pet schema declares (`useFields`). */
  #fields: readonly string[] = []
  #declared: readonly string[] = []

  /** `fields`: what a stored pet keeps (`spec.vocabulary.pet.fields`); an engine sets its own spec's. */
  constructor(
    seed: readonly Pet[] = [],
    fields: readonly string[] = DEFAULT_PET_FIELDS,
    limits: PetStoreLimits = {},
  ) {
    this.#maxPets = limits.maxPets ?? DEFAULT_MAX_PETS
    this.#maxTextChars = limits.maxTextChars ?? MAX_TEXT_CHARS
    this.#budget = limits.budget ?? UNBOUNDED
    this.#sharedSeed = limits.sharedSeed
    this.useFields(fields)
    this.reset(seed)
  }

  /** Changes so far (creates, resets, take-backs): equal versions mean equal contents. */
  get version(): number {
    return this.#version
  }

  /**
   * Why a create of this pet would be refused (the store is at its cap, or the memory budget of all
   * sessions is full), or undefined when it fits. A seed or a loaded state file may hold more than
   * the cap: it is kept, only creates are refused.
   *
   * @example
   * new PetStore([], undefined, { maxPets: 0 }).refusal({ name: 'Rex', categoryId: 1 }) // 'The store holds its maximum of 0 pets ...'
   */
  refusal(input: NewPet): string | undefined {
    // Costed as it would be stored: its declared fields, at any depth.
    return this.#refusalOf(petCost(shapedPet(0, input, this.#fields)))
  }

  /**
   * `create` unless `refusal` refuses: the pet stored, or why it was not. The pet is shaped and
   * costed once (asking `refusal` and then calling `create` does both twice): the mock's createPet.
   *
   * @example
   * new PetStore([], undefined, { maxPets: 0 }).createUnlessRefused({ name: 'Rex', categoryId: 1 }) // 'The store holds its maximum of 0 pets ...'
   */
  createUnlessRefused(input: NewPet): Pet | string {
    const pet = shapedPet(0, input, this.#fields)
    const held = petCost(pet)
    const refused = this.#refusalOf(held)
    if (refused !== undefined) return refused
    // The id is a number whatever its value: the cost taken with 0 stands.
    pet.id = this.#takeId()
    return this.#added(pet, held)
  }

  #refusalOf(held: Held): string | undefined {
    if (this.size >= this.#maxPets)
      return `The store holds its maximum of ${this.#maxPets} pets (--max-pets); no pet was created.`
    if (this.#base.textChars + this.#textChars + held.chars > this.#maxTextChars)
      return `The store's text would exceed ${this.#maxTextChars} characters in all; no pet was created.`
    if (!this.#budget.fits(held.bytes)) return `${this.#budget.describe()}; no pet was created.`
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
    const own = this.#own
    const from = own.all.length - pets.length
    if (from < 0 || pets.some((pet, i) => own.all[from + i] !== pet)) return false
    for (let i = pets.length - 1; i >= 0; i--) {
      const pet = own.all.pop() as Pet
      own.byStatus.get(pet.status ?? DEFAULT_STATUS)?.pop()
      own.byId.delete(pet.id)
      const held = petCost(pet)
      this.#textChars -= held.chars
      this.#uncharge(held.bytes)
    }
    this.#version++
    return true
  }

  /** Keeps `fields` (the Pet schema's properties) for the pets stored from now on; cheap when unchanged. */
  useFields(fields: readonly string[]): void {
    if (fields === this.#declared) return
    this.#declared = fields
    this.#fields = fields.filter((field) => field !== 'id')
  }

  /** How many pets the store holds. */
  get size(): number {
    return this.#base.all.length + this.#own.all.length
  }

  /** Stores a new pet under the next id. The caller has validated `input` (and asked `refusal`); only declared fields are kept. */
  create(input: NewPet): Pet {
    const pet = shapedPet(this.#takeId(), input, this.#fields)
    return this.#added(pet, petCost(pet))
  }

  /** Stores a shaped pet (its id taken), costed `held`, and tells the listeners. */
  #added(pet: Pet, held: Held): Pet {
    this.#insert(pet, held)
    this.#version++
    for (const listener of this.#listeners) listener({ kind: 'create', pet })
    return pet
  }

  /** The pet with this id, or undefined. */
  get(id: number): Pet | undefined {
    return this.#base.byId.get(id) ?? this.#own.byId.get(id)
  }

  /** At most `limit` pets, oldest first, only those with `status` when it is given. */
  list({ limit, status }: ListQuery): Pet[] {
    const seeded = status === undefined ? this.#base.all : (this.#base.byStatus.get(status) ?? NONE)
    const own = status === undefined ? this.#own.all : (this.#own.byStatus.get(status) ?? NONE)
    if (seeded.length >= limit || own.length === 0) return seeded.slice(0, limit)
    return seeded.concat(own.slice(0, limit - seeded.length))
  }

  /** The `limit` most recently added pets, oldest of them first: what the inspector page shows. */
  newest(limit: number): Pet[] {
    const own = this.#own.all.slice(Math.max(0, this.#own.all.length - limit))
    const fromSeed = limit - own.length
    if (fromSeed <= 0) return own
    const seeded = this.#base.all
    return seeded.slice(Math.max(0, seeded.length - fromSeed)).concat(own)
  }

  /** Every pet, oldest first: what a state file or a snapshot holds. */
  snapshot(): Pet[] {
    return this.#base.all.concat(this.#own.all)
  }

  /**
   * Empties the store and loads `seed` (pets with their ids); the next id follows the highest.
   * A bad seed (duplicate or unsafe ids) throws before anything changes. The `sharedSeed` is
   * shared, not copied. With `charge`, the seed is charged to the memory budget (a seed sent to
   * `POST /__mock/reset`): StoreFullError, nothing changed, when it does not fit.
   */
  reset(seed: readonly Pet[] = [], charge = false): void {
    const shared = seed === this.#sharedSeed
    const base = shared ? sharedIndex(seed, this.#fields) : indexSeed(seed, this.#fields)
    const cost = charge && !shared ? base.bytes : 0
    // The seed replaces everything this store charged: only the difference has to fit.
    const previous = this.#charged
    this.#uncharge(previous)
    // Nothing to charge always fits, even in a budget already past its limit (journals may pass it by an entry).
    if (cost > 0 && !this.#budget.charge(cost)) {
      this.#budget.force(previous)
      this.#charged = previous
      throw new StoreFullError(`${this.#budget.describe()}; nothing was reset.`)
    }
    this.#charged = cost
    this.#start(base)
    if (this.#listeners.length > 0) {
      const pets = this.snapshot()
      for (const listener of this.#listeners) listener({ kind: 'reset', pets })
    }
  }

  /** Gives back to the budget all this store charged (its session was evicted); the store is then empty. */
  release(): void {
    this.#uncharge(this.#charged)
    this.#start(EMPTY_INDEX)
  }

  /** Holds `base` and nothing of its own: ids follow the highest of `base`. */
  #start(base: SeedIndex): void {
    this.#base = base
    this.#own = emptyIndex()
    this.#nextId = base.maxId + 1
    this.#lowestFree = 1
    this.#textChars = 0
    this.#version++
  }

  #uncharge(bytes: number): void {
    this.#charged -= bytes
    this.#budget.release(bytes)
  }

  /** The next id in sequence; past 2^53 - 1 (only a seed can get there), the lowest free one. */
  #takeId(): number {
    if (this.#nextId <= Number.MAX_SAFE_INTEGER) return this.#nextId
    while (this.get(this.#lowestFree) !== undefined) this.#lowestFree++
    return this.#lowestFree
  }

  #insert(pet: Pet, held: Held): void {
    addTo(this.#own, pet)
    this.#nextId = Math.max(this.#nextId, pet.id + 1)
    this.#textChars += held.chars
    // Refused creates never get here (`refusal` asked first); what cannot be refused is charged all the same.
    this.#charged += held.bytes
    this.#budget.force(held.bytes)
  }
}

function emptyIndex(): PetIndex {
  return { all: [], byId: new Map(), byStatus: new Map() }
}

/** Adds `pet` last in every order of `index`. */
function addTo(index: PetIndex, pet: Pet): void {
  index.byId.set(pet.id, pet)
  index.all.push(pet)
  const status = pet.status ?? DEFAULT_STATUS
  const bucket = index.byStatus.get(status)
  if (bucket) bucket.push(pet)
  else index.byStatus.set(status, [pet])
}

/**
 * A pet as stored: `id`, the declared `fields` `input` holds (a bigint as `exactValue` keeps it),
 * and a status (DEFAULT_STATUS if none).
 */
function shapedPet(id: number, input: NewPet, fields: readonly string[]): Pet {
  // Built in place on an empty literal (V8 gives it four in-object slots: id, name, categoryId,
  // status), as compact as the hand-written literal it replaces; a spread copy cost ~25% more heap.
  const pet: Record<string, unknown> = {}
  pet.id = id
  pickDeclared(input as unknown as Record<string, unknown>, fields, pet)
  for (const field of fields)
    if (typeof pet[field] === 'bigint') pet[field] = exactValue(pet[field] as bigint)
  pet.status ??= DEFAULT_STATUS
  return pet as unknown as Pet
}

/**
 * The shared index of `seed` shaped with `fields`, built on first use. Throws on a bad seed. Keyed
 * by the fields' names, not the array: each compiled document (a hot reload, a test's copy) has an array of its own, and a
 * reset must find the index the session was made with, not build a million-pet copy.
 */
function sharedIndex(seed: readonly Pet[], fields: readonly string[]): SeedIndex {
  const byFields = sharedSeeds.get(seed) ?? new Map<string, SeedIndex>()
  sharedSeeds.set(seed, byFields)
  const key = fields.join('\n')
  const index = byFields.get(key) ?? indexSeed(seed, fields)
  byFields.set(key, index)
  return index
}

/** `seed` indexed and shaped with `fields`. Throws on a bad seed (an id unsafe or twice). */
function indexSeed(seed: readonly Pet[], fields: readonly string[]): SeedIndex {
  const index = { ...emptyIndex(), textChars: 0, bytes: 0, maxId: 0 }
  for (const given of seed) {
    if (!Number.isSafeInteger(given.id) || given.id < 1)
      throw new Error(`seed id ${shown(given.id)} is not a positive safe integer`)
    if (index.byId.has(given.id)) throw new Error(`seed holds id ${given.id} twice`)
    const pet = shapedPet(given.id, given, fields)
    addTo(index, pet)
    const held = petCost(pet)
    index.textChars += held.chars
    index.bytes += held.bytes
    index.maxId = Math.max(index.maxId, pet.id)
  }
  return index
}

/**
 * What a stored pet costs the memory budget, and the characters of text it holds: its place in the
 * store (PET_OVERHEAD_BYTES) and every value it holds at any depth (`heldBytes`: arrays, nested
 * objects, numbers, strings by their length), whatever fields the spec's Pet declares.
 */
function petCost(pet: object): Held {
  const cost = { bytes: PET_OVERHEAD_BYTES, chars: 0 }
  // The pet object and its field names are the overhead's; each value is charged as it is held.
  for (const value of Object.values(pet)) {
    const held = heldBytes(value)
    cost.bytes += held.bytes
    cost.chars += held.chars
  }
  return cost
}

/** A value for an error message; a raw JSON number (null prototype) cannot go through a template. */
function shown(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
}
