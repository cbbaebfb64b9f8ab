import { plural } from '../../kit/text/plural.ts'
import type { ContractReport } from '../running/runContract.ts'

/**
 * The console's line on what the run wrote: how many pets, their id range (exact digits), the tag
 * their names start with, and the budget. Absent for a run that could not start.
 *
 * @example
 * footprintLine(report) // 'Footprint: 212 pets created (ids 46 to 257), every name starting with ctk2a9q1z; create budget 300 (--max-creates)'
 */
export function footprintLine(report: ContractReport): string | undefined {
  const f = report.footprint
  if (!f) return undefined
  const range =
    f.minId === undefined ? '' : f.minId === f.maxId ? ` (id ${f.minId})` : ` (ids ${f.minId} to ${f.maxId})`
  const uncertain = f.uncertain > 0 ? `, ${f.uncertain} more unanswered or 5xx (may have stored a pet)` : ''
  return `Footprint: ${plural(f.created, 'pet')} created${range}${uncertain}, every name starting with ${f.tag}; create budget ${f.maxCreates} (--max-creates)`
}

/**
 * The same as JUnit properties (`footprint.` and each field of the footprint).
 *
 * @example
 * footprintProperties(report) // [['footprint.created', '212'], ['footprint.minId', '46'], ...]
 */
export function footprintProperties(report: ContractReport): Array<[string, string]> {
  const f = report.footprint
  if (!f) return []
  const ids = f.minId === undefined ? {} : { minId: f.minId, maxId: String(f.maxId) }
  const shown = { created: f.created, ...ids, uncertain: f.uncertain, maxCreates: f.maxCreates, tag: f.tag }
  return Object.entries(shown).map(([name, value]) => [`footprint.${name}`, String(value)])
}
