import type { Violation } from './trafficJudge.ts'

/** A violation with the request that showed it (`GET /v1/pets?status=sold`). */
export type LoggedViolation = Violation & { request: string }

/** Violations kept, newest last: enough for a day of a frontend's traffic, bounded whatever the upstream does. */
export const VIOLATIONS_KEPT = 1_000

/**
 * What the proxy found so far: the newest VIOLATIONS_KEPT and how many in all (since the last clear).
 *
 * @example
 * const log = new ViolationLog()
 * log.add([{ check: 'interface_model', level: 'required', operation: 'listPets', message: '…' }], 'GET /v1/pets')
 * log.total // 1
 */
export class ViolationLog {
  #kept: LoggedViolation[] = []
  #total = 0
  #clears = 0

  add(found: readonly Violation[], request: string): void {
    this.#total += found.length
    for (const violation of found) this.#kept.push({ ...violation, request })
    if (this.#kept.length > VIOLATIONS_KEPT) this.#kept.splice(0, this.#kept.length - VIOLATIONS_KEPT)
  }

  get total(): number {
    return this.#total
  }

  /** Changes on every clear (adding always comes with a journal entry, whose version changes). */
  get clears(): number {
    return this.#clears
  }

  kept(): LoggedViolation[] {
    return [...this.#kept]
  }

  clear(): void {
    this.#kept = []
    this.#total = 0
    this.#clears++
  }
}
