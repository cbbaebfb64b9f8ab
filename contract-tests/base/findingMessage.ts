import type { Level } from './CheckResult.ts'
import type { Finding } from './Finding.ts'

/**
 * How a finding reads, by the level of the check that made it. "Documented:" is kept for the
 * interface document's own rules (a required check); a recommended check's expectation is the
 * suite's advice where the document is silent or an RFC leaves a choice, so it says "Recommended:"
 * and why, and never claims the document says it. Without a level (a check run by hand, outside
 * the runner) it says "Expected:".
 *
 * @example
 * findingMessage({ received: '422', expected: '400' }, 'required')
 * // 'Received: 422\nDocumented: 400'
 * findingMessage({ received: '422', expected: '400' }, 'recommended', '§7 does not show the answer')
 * // 'Received: 422\nRecommended: 400\nWhy recommended: §7 does not show the answer'
 */
export function findingMessage(
  parts: { received: string; expected: string },
  level?: Level,
  because?: string,
): string {
  const word = level === 'required' ? 'Documented' : level === 'recommended' ? 'Recommended' : 'Expected'
  const why = level === 'recommended' && because ? `\nWhy recommended: ${because}` : ''
  return `Received: ${parts.received}\n${word}: ${parts.expected}${why}`
}

/**
 * The finding worded by its check's level (a finding with no `received`/`expected`, a sentence of
 * its own, is kept as it is).
 *
 * @example
 * worded(finding(exchange, 'getPet', '200', '404'), { level: 'required' }).message // 'Received: 200\nDocumented: 404'
 */
export function worded(found: Finding, check: { level: Level; because?: string | undefined }): Finding {
  if (found.received === undefined || found.expected === undefined) return found
  const { received, expected } = found
  return { ...found, message: findingMessage({ received, expected }, check.level, check.because) }
}
