import { pageClassesOf } from '../../model/boundaryStates.ts'
import { type Connection, GetPet, ListPets } from './commands.ts'
import type { Command, SequenceModel, SequenceTarget } from './Step.ts'

/** A request that would reach a state, if the store is as the stream knows it (a lower bound). */
interface Aim {
  state: string
  command: Command
}

/**
 * A read aimed at a boundary state the stream has not visited yet: a list whose limit is one more
 * than, exactly, or one less than the pets the stream knows match a filter (a page one short, full,
 * cut); a list with the limit omitted when a filter's known count sits at the default's boundary; a
 * getPet of the id after the largest known (not assigned yet), or of an id once answered 404 that is
 * likely assigned since. Aimed from the stream's own knowledge and states, so a seed replays the same
 * choices; it only reads, so the create budget is untouched.
 *
 * @example
 * new TowardState(3) // in commandArbitraries: fc.nat().map((choice) => new TowardState(choice))
 */
export class TowardState implements Command {
  readonly choice: number
  readonly connection: Connection | undefined
  constructor(choice: number, connection?: Connection) {
    this.choice = choice
    this.connection = connection
  }
  /**
   * The read chosen the first time: a shrunk or replayed run must send what the failing one sent (a
   * fresh model would aim elsewhere), or a fault the first run showed reads as flaky.
   */
  private chosen: Command | undefined
  check = () => true
  async run(m: SequenceModel, r: SequenceTarget): Promise<void> {
    if (this.chosen === undefined) {
      const aims = aimsOf(m, this.connection)
      const open = aims.filter((aim) => !m.states?.visited(aim.state))
      const pool = open.length > 0 ? open : aims
      this.chosen = pool[this.choice % Math.max(1, pool.length)]?.command
    }
    await this.chosen?.run(m, r)
  }
  toString = () => `towardState(${this.choice})${this.chosen ? `: ${this.chosen.toString()}` : ''}`
}

function aimsOf(m: SequenceModel, on: Connection | undefined): Aim[] {
  const { limit, statuses } = m.model
  const aims: Aim[] = []
  const list = (state: string, pageLimit: number | undefined, status: string | undefined) => {
    if (pageLimit === undefined || (pageLimit >= limit.minimum && pageLimit <= limit.maximum))
      aims.push({ state, command: new ListPets({ limit: pageLimit, status }, [], on) })
  }
  for (const status of [undefined, ...statuses]) {
    const known = m.knowledge.matching(status).length
    if (known >= 1) list('page/given/short', known + 1, status)
    list('page/given/full', known, status)
    list('page/given/beyond', known - 1, status)
    for (const pageClass of pageClassesOf(Math.min(known, limit.default), limit.default, known))
      list(`page/default/${pageClass}`, undefined, status)
  }
  let largest: bigint | undefined
  for (const pet of m.knowledge.matching(undefined))
    if (largest === undefined || pet.id > largest) largest = pet.id
  const since = m.states?.missedSince(largest) ?? []
  for (const id of since)
    aims.push({ state: 'id/assigned-later', command: new GetPet({ kind: 'unknown', id }, on) })
  // The id after the largest known: not assigned yet on a target that counts up, and once a create
  // assigns it, an id to fetch again.
  if (largest !== undefined)
    for (const state of since.length === 0 ? ['id/unassigned', 'id/assigned-later'] : ['id/unassigned'])
      aims.push({ state, command: new GetPet({ kind: 'unknown', id: largest + 1n }, on) })
  return aims
}
