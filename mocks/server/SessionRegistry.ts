import { DEFAULT_SESSION } from './parseSessionName.ts'

/** How many named sessions the mock keeps, and how long an unused one lives. */
export interface SessionLimits {
  /**
   * Named sessions kept at once; creating one more evicts the least recently used. No cap by
   * default (Infinity): the memory budget bounds the sessions (see `hasRoom`).
   */
  maxSessions: number
  /** A named session unused for this long is evicted (milliseconds). */
  idleMs: number
}

export const SESSION_LIMITS: Readonly<SessionLimits> = {
  maxSessions: Number.POSITIVE_INFINITY,
  idleMs: 30 * 60_000,
}

/**
 * Why a session was evicted: `room` (a new session needed its place among maxSessions), `memory`
 * (a new session needed room in the memory budget) or `idle` (unused for idleMs). A session
 * evicted for room or memory tells its next request so (see `takeEviction`); one evicted for idle
 * starts over silently, as its users left it long ago.
 */
export type EvictionReason = 'room' | 'memory' | 'idle'

/** A session evicted for room or memory, remembered until its name is used again. */
export interface Eviction {
  name: string
  reason: EvictionReason
  /** When (epoch milliseconds). */
  at: number
}

/** Evictions remembered at most (names of up to 64 characters: about 100 KiB). */
export const REMEMBERED_EVICTIONS = 1_000

/**
 * Named sessions of the mock, created on first use and bounded by idle time, by the room a new one
 * needs (`hasRoom`: the memory budget) and by an optional count, least recently used evicted
 * first. The default session is held apart and never evicted. Pure: the clock is a parameter,
 * nothing runs on a timer; expired sessions go at the next `use`.
 *
 * The sessions form a list in use order (least recently used first) threaded through the entries a
 * Map finds by name: `use` moves what it touches to the end by relinking it, so a request costs a
 * lookup and a few pointer writes, and eviction O(sessions evicted), never a scan. (Deleting and
 * re-inserting a Map key on every use, as this class once did, leaves a deleted slot behind each
 * time: with 1,000 sessions, the idle check walked up to a thousand of them per request, and the
 * table was rebuilt every thousand requests; see docs/bench.md.)
 *
 * @example
 * const sessions = new SessionRegistry(new PetStore(seed), () => new PetStore(seed))
 * sessions.use('worker-1').create(pet) // only worker-1's store
 * sessions.use('default') // the default store, as a request without the header gets
 */
export class SessionRegistry<T> {
  readonly #default: T
  readonly #create: (name: string) => T
  readonly #limits: SessionLimits
  readonly #now: () => number
  readonly #hasRoom: () => boolean
  readonly #named = new Map<string, Entry<T>>()
  /** The least recently used named session, and the most recently used: the ends of the use order. */
  #oldest: Entry<T> | undefined
  #newest: Entry<T> | undefined
  /** Sessions evicted for room whose names were not used since, oldest first. */
  readonly #tombstones = new Map<string, Eviction>()
  #evicted = 0
  /** The latest time the clock told (see `#time`). */
  #latest = Number.NEGATIVE_INFINITY
  #onEvict: (name: string, value: T, reason: EvictionReason) => void = () => {}

  constructor(
    defaultSession: T,
    create: (name: string) => T,
    limits: Partial<SessionLimits> = {},
    now: () => number = Date.now,
    /** Whether a new session fits (the memory budget); while it does not, the least recently used goes. */
    hasRoom: () => boolean = () => true,
  ) {
    this.#default = defaultSession
    this.#create = create
    this.#limits = { ...SESSION_LIMITS, ...limits }
    this.#now = now
    this.#hasRoom = hasRoom
    if (!(this.#limits.maxSessions >= 1)) throw new Error('maxSessions must be 1 or more')
  }

  /** Tells `listener` of every eviction, after the session left the registry (to free what it held). */
  onEvict(listener: (name: string, value: T, reason: EvictionReason) => void): void {
    this.#onEvict = listener
  }

  /**
   * The eviction of `name` for room, if it was evicted and its name not used since, and forgets it:
   * the caller tells the request so, once; the next `use` starts the session over.
   */
  takeEviction(name: string): Eviction | undefined {
    const eviction = this.#tombstones.get(name)
    this.#tombstones.delete(name)
    return eviction
  }

  /** The eviction of `name` for room, if its name was not used since; nothing changes. */
  eviction(name: string): Eviction | undefined {
    return this.#tombstones.get(name)
  }

  /** Sessions evicted for room or memory and not used since, most recent last (at most `limit`). */
  recentEvictions(limit: number): Eviction[] {
    return [...this.#tombstones.values()].slice(-limit)
  }

  /** The session called `name`, created on first use; marks it used now. */
  use(name: string): T {
    if (name === DEFAULT_SESSION) return this.#default
    const now = this.#time()
    // Idle ones first, oldest first: the first one still within idleMs ends the walk, as every later one is newer.
    while (this.#oldest && now - this.#oldest.lastUsed > this.#limits.idleMs)
      this.#evict(this.#oldest, now, 'idle')
    const found = this.#named.get(name)
    if (found) {
      found.lastUsed = now
      if (found !== this.#newest) {
        this.#unlink(found)
        this.#append(found)
      }
      return found.value
    }
    this.#tombstones.delete(name)
    while (this.#oldest && this.#named.size >= this.#limits.maxSessions)
      this.#evict(this.#oldest, now, 'room')
    while (this.#oldest && !this.#hasRoom()) this.#evict(this.#oldest, now, 'memory')
    const value = this.#create(name)
    const entry: Entry<T> = { name, value, lastUsed: now, older: undefined, newer: undefined }
    this.#named.set(name, entry)
    this.#append(entry)
    return value
  }

  /** The session if it exists (expired ones do not), without creating it or marking it used. */
  peek(name: string): T | undefined {
    if (name === DEFAULT_SESSION) return this.#default
    const found = this.#named.get(name)
    if (!found || this.#time() - found.lastUsed > this.#limits.idleMs) return undefined
    return found.value
  }

  /**
   * Forgets every named session and every eviction, without telling `onEvict` (nothing was evicted:
   * the caller starts over) and gives back what they were; their names start over from the seed.
   */
  clear(): T[] {
    const dropped: T[] = []
    for (let entry = this.#oldest; entry; entry = entry.newer) dropped.push(entry.value)
    this.#named.clear()
    this.#oldest = undefined
    this.#newest = undefined
    this.#tombstones.clear()
    return dropped
  }

  /** The live named sessions, least recently used first, with when each was last used. */
  list(): Pick<Entry<T>, 'name' | 'lastUsed'>[] {
    const now = this.#time()
    const live: Pick<Entry<T>, 'name' | 'lastUsed'>[] = []
    for (let entry = this.#oldest; entry; entry = entry.newer)
      if (now - entry.lastUsed <= this.#limits.idleMs)
        live.push({ name: entry.name, lastUsed: entry.lastUsed })
    return live
  }

  /** How many sessions were evicted since start (idle or for room). */
  get evicted(): number {
    return this.#evicted
  }

  get limits(): Readonly<SessionLimits> {
    return this.#limits
  }

  /**
   * The clock, never going back: a system clock set back would put a session used later before one
   * used earlier, and the idle walk (oldest first, stopping at the first still in use) would then
   * keep a session list() and peek() call gone, for use() to revive.
   */
  #time(): number {
    this.#latest = Math.max(this.#latest, this.#now())
    return this.#latest
  }

  /** Takes `entry` out of the registry; one evicted for room or memory leaves a tombstone for its next request. */
  #evict(entry: Entry<T>, now: number, reason: EvictionReason): void {
    const { name, value } = entry
    this.#named.delete(name)
    this.#unlink(entry)
    this.#evicted++
    if (reason !== 'idle') this.#tombstones.set(name, { name, reason, at: now })
    if (this.#tombstones.size > REMEMBERED_EVICTIONS)
      this.#tombstones.delete(this.#tombstones.keys().next().value as string)
    this.#onEvict(name, value, reason)
  }

  /** Takes `entry` out of the use order (it stays in the Map). */
  #unlink(entry: Entry<T>): void {
    if (entry.older) entry.older.newer = entry.newer
    else this.#oldest = entry.newer
    if (entry.newer) entry.newer.older = entry.older
    else this.#newest = entry.older
    entry.older = undefined
    entry.newer = undefined
  }

  /** Puts `entry` at the end of the use order: the most recently used. */
  #append(entry: Entry<T>): void {
    entry.older = this.#newest
    if (this.#newest) this.#newest.newer = entry
    else this.#oldest = entry
    this.#newest = entry
  }
}

/** A named session in the registry, linked to its neighbours in use order. */
interface Entry<T> {
  readonly name: string
  readonly value: T
  /** When a request last used it (epoch milliseconds). */
  lastUsed: number
  /** The session used just before this one (undefined: this is the least recently used). */
  older: Entry<T> | undefined
  /** The session used just after this one (undefined: this is the most recently used). */
  newer: Entry<T> | undefined
}
