import { parse } from 'yaml'
import type { OperationName } from '../base/OperationName.ts'

/**
 * A check the run does not judge, and why: `excluded` (`--checks`, `--exclude-checks`: not run) or
 * waived (an entry of `--waivers FILE`: run, its verdict replaced) until the day it `expires`
 * (YYYY-MM-DD, UTC), from which it waives nothing and fails the run. Reports show it as waived.
 */
export interface Waiver {
  check: string
  /** Only this operation of the check; every one when absent. */
  operation?: OperationName | undefined
  reason: string
  expires?: string | undefined
  excluded?: boolean | undefined
}

/**
 * The waivers a file holds, a YAML (or JSON) list of `{ check, operation?, reason, expires }`, or the
 * names of a comma-separated `--checks` list (`text` a string, `what` the flag). Throws naming what
 * is wrong; an unknown check's message lists every name.
 *
 * @example
 * waiversIn('- { check: deprecation_signals, reason: the gateway strips them, expires: 2026-06-30 }', CHECKS, 'waiver')
 * // [{ check: 'deprecation_signals', reason: 'the gateway strips them', expires: '2026-06-30' }]
 * waiversIn('unique_ids,default_limit', CHECKS, '--checks').map((w) => w.check) // ['unique_ids', 'default_limit']
 */
export function waiversIn(
  text: string,
  checks: ReadonlyArray<{ name: string; operations: readonly string[] }>,
  what: string,
): Waiver[] {
  const list: unknown =
    what === 'waiver' ? parse(text) : text.split(',').map((check) => ({ check: check.trim() }))
  if (!Array.isArray(list)) throw new Error('it must be a list of { check, operation?, reason, expires }')
  return list.map((entry: Record<string, unknown> | null, i) => {
    const { check, operation, reason, expires } = entry ?? {}
    const at = what === 'waiver' ? `waiver ${i + 1}: ` : `${what}: `
    const known = checks.find((c) => c.name === check)
    if (!known)
      throw new Error(
        `${at}no check is named '${check}'; the checks: ${checks.map((c) => c.name).join(', ')}`,
      )
    if (what !== 'waiver') return { check: known.name, reason: '' }
    if (operation !== undefined && !known.operations.includes(String(operation)))
      throw new Error(`${at}operation must be one of ${known.operations.join(', ')}; received '${operation}'`)
    if (typeof reason !== 'string' || reason.trim() === '') throw new Error(`${at}a reason is required`)
    if (typeof expires !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(expires) || !Date.parse(expires))
      throw new Error(`${at}expires must be a date, YYYY-MM-DD; received '${expires}'`)
    return { check: known.name, operation: operation as OperationName | undefined, reason, expires }
  })
}

/**
 * The waivers in force on `now`'s day (UTC), and those expired.
 *
 * @example
 * expiredOn([{ check: 'unique_ids', reason: 'r', expires: '2026-01-31' }], new Date('2026-01-31')).expired.length // 1
 */
export function expiredOn(waivers: readonly Waiver[], now: Date): { inForce: Waiver[]; expired: Waiver[] } {
  const ended = (waiver: Waiver) =>
    waiver.expires !== undefined && waiver.expires <= now.toISOString().slice(0, 10)
  return { inForce: waivers.filter((w) => !ended(w)), expired: waivers.filter(ended) }
}
