import { petIdOf } from '../json/petIdOf.ts'
import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** int64 allows ids that JSON.parse in JavaScript rounds; a server meant for browsers should not hand them out. */
export const safeIntegerIds = everyExchange(
  {
    name: 'safe_integer_ids',
    level: 'recommended',
    because:
      'the document’s ids are int64 (§2); staying within 2^53 − 1 is a courtesy to JavaScript clients, not a rule of the document.',
    description: () => 'Pet ids are at most 2^53 − 1, so JavaScript clients hold them exactly.',
    needs: [],
  },
  (exchange) => {
    if (exchange.status < 200 || exchange.status >= 300 || exchange.json === undefined) return undefined
    const pets = (Array.isArray(exchange.json) ? exchange.json : [exchange.json]) as Array<{ id?: unknown }>
    const unsafe = pets.find((pet) => typeof pet?.id === 'number' && !Number.isSafeInteger(pet.id))
    if (!unsafe) return undefined
    return finding(
      exchange,
      exchange.operation,
      `id ${petIdOf(unsafe)}`,
      'ids no larger than 9007199254740991',
    )
  },
)
