import type { InterfaceModel } from './interfaceModel.ts'
import { StoreKnowledge } from './StoreKnowledge.ts'

/** Pets remembered at most before the memory starts over (forgetting only weakens a verdict). */
export const REMEMBERED_PETS_MAX = 50_000

/** Characters' worth of remembered pets at most (StoreKnowledge.chars, where each was learned included): a target answering 1 MiB names cannot grow it without end. */
// 50,000 ordinary pets hold about 18 million (some 700 bytes each, where learned included), so
// for them the pet bound comes first.
export const REMEMBERED_CHARS_MAX = 20_000_000

/**
 * What the invariants remember of every exchange they judged: each pet as first read (a pet never
 * changes: the interface has no update), and which a 201 assigned (a created id is new). It is a
 * lower bound of what the store holds, never a claim about what it lacks, so writes running at
 * once (other streams, other clients of a shared target) cannot make a verdict false; past its
 * bounds it starts over, which only weakens verdicts.
 *
 * @example
 * const memory = new InvariantMemory(model)
 * memory.read({ id: 7, name: 'Rex', categoryId: 1 }, 'listed in GET /pets') // undefined: new
 * memory.read({ id: 7, name: 'Max', categoryId: 1 }, 'fetched in GET /pets/7') // 'pet 7 read as …'
 */
export class InvariantMemory {
  readonly #model: InterfaceModel
  readonly #max: { pets: number; chars: number }
  #pets: StoreKnowledge

  constructor(model: InterfaceModel, max = { pets: REMEMBERED_PETS_MAX, chars: REMEMBERED_CHARS_MAX }) {
    this.#model = model
    this.#max = max
    this.#pets = new StoreKnowledge(model)
  }

  /** Pets remembered now. */
  get size(): number {
    return this.#pets.size
  }

  /**
   * Remembers a pet read (or answered by a 201); says how it differs when the same id read
   * otherwise before, else undefined.
   */
  read(pet: Readonly<Record<string, unknown>>, where: string, created = false): string | undefined {
    if (this.#pets.size >= this.#max.pets || this.#pets.chars >= this.#max.chars)
      this.#pets = new StoreKnowledge(this.#model)
    return this.#pets.learn(pet, created, where)
  }

  /** Where a 201 assigned `id` before (`created in …`), when one did, else undefined. */
  assignedAt(id: bigint): string | undefined {
    const known = this.#pets.get(id)
    return known?.created ? known.learnedAt : undefined
  }
}
