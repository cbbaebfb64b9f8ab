import type { Exchange } from '../http/exchange.ts'
import type { CheckContext } from './Check.ts'

/**
 * Why a create could not be judged: the target refused it with a 5xx its spec documents for createPet
 * (the mock's 507 for a full store or disk). Conforming, so the runner turns what a check found after
 * it into a skip with this reason.
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
