import { detached } from '../../kit/text/detached.ts'
import { truncate } from '../../kit/text/visible.ts'
import type { Finding } from './Finding.ts'
import type { OperationName } from './OperationName.ts'

/** How many distinct examples each check × operation keeps: a fault seen on 2,000 requests is one thing to fix. */
export const EXAMPLES_MAX = 3

/**
 * The longest message, curl line or script an example keeps while the run goes on (the reports cut
 * further): with EXAMPLES_MAX it bounds what findings cost, whatever the target sends.
 */
export const EXAMPLE_TEXT_MAX = 16_384

/**
 * Findings grouped per operation: how many were found, and the first EXAMPLES_MAX distinct ones (by
 * message), each cut at EXAMPLE_TEXT_MAX. Memory is bounded by what is kept, not by how often the
 * target repeats a fault.
 *
 * @example
 * const groups = new FindingGroups()
 * for (const f of findings) groups.add(f)
 * groups.count('createPet') // 2563
 * groups.examples('createPet').length // 3
 */
export class FindingGroups {
  readonly #count = new Map<OperationName, number>()
  readonly #examples = new Map<OperationName, Finding[]>()

  add(found: Finding): void {
    this.#count.set(found.operation, (this.#count.get(found.operation) ?? 0) + 1)
    const examples = this.#examples.get(found.operation) ?? []
    this.#examples.set(found.operation, examples)
    if (examples.length >= EXAMPLES_MAX) return
    const kept = bounded(found)
    if (examples.some((example) => example.message === kept.message)) return
    examples.push(kept)
  }

  count(operation: OperationName): number {
    return this.#count.get(operation) ?? 0
  }

  examples(operation: OperationName): Finding[] {
    return this.#examples.get(operation) ?? []
  }

  /** Every example kept, with each operation's count: what a check's outcome carries. */
  outcome(): { findings: Finding[]; found: Partial<Record<OperationName, number>> } {
    return { findings: [...this.#examples.values()].flat(), found: Object.fromEntries(this.#count) }
  }
}

function bounded(found: Finding): Finding {
  const kept = { ...found }
  for (const key of ['message', 'curl', 'received', 'expected', 'script'] as const) {
    const text = found[key]
    if (text !== undefined) kept[key] = detached(truncate(text, EXAMPLE_TEXT_MAX))
  }
  return kept
}
