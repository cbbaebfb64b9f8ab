/** One forced response waiting for its call. */
export interface PendingForce {
  operation: string
  status: number
}

/**
 * One-shot forced responses of one session: `force('listPets', 401)` makes the session's next
 * listPets call answer 401, and only that call. One per operation: forcing again replaces it.
 * What statuses are allowed is the caller's check (documented error statuses of the spec).
 *
 * @example
 * const forced = new ForcedResponses()
 * forced.force('listPets', 401)
 * forced.take('listPets') // 401
 * forced.take('listPets') // undefined
 */
export class ForcedResponses {
  #byOperation = new Map<string, number>()
  #version = 0

  /** Changes whenever what is pending changes (the inspector's ETag). */
  get version(): number {
    return this.#version
  }

  force(operation: string, status: number): void {
    this.#byOperation.set(operation, status)
    this.#version++
  }

  /** The status forced for the next call of `operation`, removed as it is taken. */
  take(operation: string): number | undefined {
    const status = this.#byOperation.get(operation)
    if (this.#byOperation.delete(operation)) this.#version++
    return status
  }

  pending(): PendingForce[] {
    return [...this.#byOperation].map(([operation, status]) => ({ operation, status }))
  }

  clear(): void {
    this.#byOperation.clear()
    this.#version++
  }
}
