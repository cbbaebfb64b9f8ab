import type { InterfaceModel } from './interfaceModel.ts'

/** Which rule of the document a state lies beside: its boundary has a state on each side. */
export type StateRule = 'first-answers' | 'page' | 'filter' | 'id' | 'store'

/** A state of the target the run should see an answer in, named from the rule it borders. */
export interface BoundaryState {
  /** Stable and short (`page/given/full`, `store/20/above`): the report's and the steering's key. */
  readonly id: string
  readonly rule: StateRule
  /** What the state is, in the document's words and numbers (`limit omitted (default 20): a full page`). */
  readonly description: string
  /** Set when no answer can ever show the state, whatever the target: why (never faked as reached). */
  readonly unobservable?: string
}

/** The page classes of listPets' rule "at most `limit`, at least min(limit, matching pets)". */
export const PAGE_CLASSES = ['none', 'one', 'short', 'full', 'beyond'] as const
export type PageClass = (typeof PAGE_CLASSES)[number]

/** The two sides of `limit`: omitted (the document's default applies) or given. */
export const LIMIT_CASES = ['default', 'given'] as const

/**
 * The store sizes the document draws a line at: listPets' default and maximum limit (a page of the
 * default, a page of the most a client may ask for), in order, without repeats.
 *
 * @example
 * storeBounds(model) // [20, 100]
 */
export function storeBounds(model: InterfaceModel): number[] {
  return [...new Set([model.limit.default, model.limit.maximum])].sort((a, b) => a - b)
}

/**
 * Every state a run should visit, derived from the interface model (the limit rule and the status
 * enumeration of the document it is given), never from literals: another default, maximum or status
 * set gives other states. Each rule has a state on each side of its boundary:
 * - `first-answers`: each read answered before the run wrote anything;
 * - `page`: for the limit omitted and given, a page of no pet, exactly one, one short of the limit,
 *   exactly the limit, and a full page while more pets match (the limit cut it);
 * - `filter`: for each status, a filter that matched nothing and one that matched some pet;
 * - `id`: an id not assigned yet (404), and the same id fetched again once it is assigned (200);
 * - `store`: the store below, at and above each bound of `storeBounds`.
 *
 * @example
 * boundaryStatesOf(model).map((state) => state.id)
 * // ['first-answers/listPets', …, 'page/default/none', …, 'store/100/above']
 */
export function boundaryStatesOf(model: InterfaceModel): BoundaryState[] {
  const { limit } = model
  const states: BoundaryState[] = []
  // The rule is the id's first part.
  const add = (id: string, description: string, unobservable?: string) =>
    states.push({
      id,
      rule: id.split('/')[0] as StateRule,
      description,
      ...(unobservable && { unobservable }),
    })
  // The reads whose first answers, before the run writes anything, are states of their own.
  for (const operation of ['listPets', 'getPet'])
    add(`first-answers/${operation}`, `${operation} answered before the run wrote anything`)
  for (const limitCase of LIMIT_CASES) {
    const given = limitCase === 'given'
    const which = given ? 'limit given' : `limit omitted (default ${limit.default})`
    const size = given ? 'the limit' : String(limit.default)
    const wording: Record<PageClass, string> = {
      none: 'no pet matches',
      one: 'exactly one pet matches',
      short: `a page one short of ${size}`,
      full: `a full page of ${size}`,
      beyond: `more pets match than ${size}: the page is cut`,
    }
    for (const pageClass of PAGE_CLASSES) {
      // With a default of 1, a page one short of it is empty: that state is "none".
      if (!given && pageClass === 'short' && limit.default <= 1) continue
      add(`page/${limitCase}/${pageClass}`, `${which}: ${wording[pageClass]}`)
    }
  }
  for (const status of model.statuses) {
    add(`filter/${status}/none`, `status=${status} matched no pet`)
    add(`filter/${status}/some`, `status=${status} matched some pet`)
  }
  add('id/unassigned', 'getPet of an id not assigned yet (404)')
  add('id/assigned-later', 'getPet of an id once 404, fetched again after it was assigned (200)')
  for (const bound of storeBounds(model)) {
    // A store of exactly N is seen only on a page with room for more than N pets.
    const unobservable =
      bound >= limit.maximum
        ? `a page holds at most ${limit.maximum} pets and the document shows no count, so a store of exactly ${bound} cannot be told from a larger one`
        : undefined
    add(`store/${bound}/below`, `the store held fewer than ${bound} pets`)
    add(`store/${bound}/at`, `the store held exactly ${bound} pets`, unobservable)
    add(`store/${bound}/above`, `the store held more than ${bound} pets`)
  }
  return states
}

/**
 * The page class of a listPets answer of `size` pets under `limit`, when at least `known` pets
 * matching its filter are known to exist (a lower bound): `beyond` needs more known than the limit.
 * A page may fall in two classes (a page of one under a limit of two is `one` and `short`).
 *
 * @example
 * pageClassesOf(19, 20, 0) // ['short']
 * pageClassesOf(20, 20, 45) // ['full', 'beyond']
 */
export function pageClassesOf(size: number, limit: number, known: number): PageClass[] {
  const classes: PageClass[] = []
  if (size === 0) classes.push('none')
  if (size === 1 && limit > 1) classes.push('one')
  if (size === limit - 1 && size > 0) classes.push('short')
  if (size === limit) classes.push('full')
  if (size === limit && known > limit) classes.push('beyond')
  return classes
}
