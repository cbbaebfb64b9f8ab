import { exactJson } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { plural } from '../../kit/text/plural.ts'
import type { Exchange } from '../http/exchange.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type Finding, finding } from './Check.ts'
import { countIn, describeResponse, petsIn } from './describeResponse.ts'

/**
 * Judges one list page against the size rule the document implies: 200, a list of distinct pets, at
 * most `limit` of them, and none fewer than min(limit, pets known to match) — a page is cut by `limit` only, so a
 * server that caps it lower, or cuts before filtering, returns too few. `status`, when given, must
 * be every returned pet's status.
 *
 * @example
 * pageFinding(exchange, { limit: 25, known: 131, asked: 'limit=25' }) // a finding when the page holds 24 or 26 pets
 */
export function pageFinding(
  exchange: Exchange,
  rule: { limit: number; known: number; status?: string; asked: string },
): Finding | undefined {
  const pets = petsIn(exchange)
  const least = Math.min(rule.limit, rule.known)
  const expected = `200 with ${least === rule.limit ? `exactly ${plural(least, 'pet')}` : `${least} to ${plural(rule.limit, 'pet')}`}${rule.status ? ` whose status is '${rule.status}'` : ''} for ${rule.asked} (${plural(rule.known, 'such pet', 'such pets')} known to exist)`
  if (exchange.status !== 200 || !pets)
    return finding(exchange, 'listPets', describeResponse(exchange), expected)
  const strays = rule.status === undefined ? [] : pets.filter((pet) => pet.status !== rule.status)
  // By the digits the server wrote: 64-bit ids read as doubles would collapse into one.
  const ids = pets.map((pet) => petIdOf(pet) ?? String(pet?.id))
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i)
  const count = `200 with ${plural(countIn(exchange) ?? pets.length, 'pet')}`
  const received =
    strays.length > 0
      ? `${strays.length} of ${plural(pets.length, 'pet')} with another status, e.g. ${toJsonText(exactJson(strays[0]))}`
      : repeated !== undefined
        ? `${count}, id ${repeated} more than once`
        : pets.length > rule.limit || pets.length < least
          ? count
          : undefined
  return received === undefined ? undefined : finding(exchange, 'listPets', received, expected)
}
