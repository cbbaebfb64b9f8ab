import { createdIdOf } from '../../kit/json/createdIdOf.ts'
import { exactField } from '../../kit/json/exactJson.ts'

/**
 * The id of a pet as the server wrote it: its exact digits, for a pet from an exchange's `json` (a
 * body, or one item of a list). An Exchange parses with `parseJsonLossless`, where an id beyond 2^53
 * is a double (snowflake ids of about 9.1e17 fall 128 apart, so two pets' ids would read alike, and
 * a getPet of the rounded id finds nothing): every check compares ids, and sends them back, by
 * these digits. Undefined when the id is not a number.
 *
 * @example
 * petIdOf(parseJsonLossless('{"id":913714385753477121}')) // '913714385753477121'
 * petIdOf({ id: 7 }) // '7'
 */
export function petIdOf(pet: unknown): string | undefined {
  return createdIdOf({ id: exactField(pet, 'id') })
}
