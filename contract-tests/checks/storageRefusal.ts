import type { Exchange } from '../http/exchange.ts'
import type { CheckContext } from './Check.ts'

/**
 * Why a create could not be judged, when the target refused it with a server-side status its spec
 * documents for createPet (5xx with a conforming Error body: the mock's 507 for a full store or a
 * full disk), or undefined. Such an answer is conforming; it only leaves the check nothing to judge,
 * so the runner turns what a check found after such an answer into a skip with this reason.
 *
 * @example
 * storageRefusal(context, exchange) // 'the target answered 507 store_full (documented for createPet) ...'
 */
export function storageRefusal(
  context: Pick<CheckContext, 'vocabulary' | 'validators'>,
  exchange: Exchange,
): string | undefined {
  if (exchange.request.operation !== 'createPet') return undefined
  if (!context.vocabulary.createRefusals.includes(exchange.status)) return undefined
  if (!context.validators.response('createPet', exchange.status)?.(exchange.json)) return undefined
  const code = (exchange.json as { code?: unknown }).code
  return `the target answered ${exchange.status} ${String(code)} (documented for createPet: it cannot store another pet), so there was nothing to judge`
}
