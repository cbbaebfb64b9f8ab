import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * §9.3, §9.4: what an answer says of deprecation is true. A Deprecation header (RFC 9745) marks an
 * operation deprecated, a Sunset (RFC 8594) says when its URI goes away: neither on an operation the
 * spec does not mark deprecated (§9.3 names `GET /pets` as getPet's replacement), and a deprecated
 * one's Sunset, when it sends one, names the day §9.3 gives (the spec's `x-sunset`).
 */
export const deprecationMarksTrue = everyExchange(
  {
    name: 'deprecation_marks_true',
    level: 'required',
    description: () =>
      'No Deprecation or Sunset header on the operations the spec does not mark deprecated (§9.4), and a Sunset on getPet, when there is one, names the removal day of §9.3.',
    operations: ['listPets', 'createPet', 'getPet'],
    needs: [],
  },
  (exchange, { vocabulary }) => {
    if (exchange.status === 0) return undefined
    const operation = vocabulary.operations.get(exchange.operation)
    const sunset = exchange.headers.get('sunset')
    if (operation?.deprecated) {
      const day = operation['x-sunset']
      if (!sunset || !day || dayOf(sunset) === day) return undefined
      return finding(exchange, exchange.operation, `sunset: ${sunset}`, `no Sunset, or one on ${day} (§9.3)`)
    }
    const marks = ['deprecation', 'sunset'].filter((name) => exchange.headers.has(name))
    const received = marks.map((name) => `${name}: ${exchange.headers.get(name)}`).join(', ')
    const expected = 'no Deprecation or Sunset: the operation is not deprecated (§9.4)'
    return received ? finding(exchange, exchange.operation, received, expected) : undefined
  },
)

/** The UTC day an HTTP date names (`2030-12-05`), or undefined when it is no date. */
export function dayOf(httpDate: string): string | undefined {
  const at = Date.parse(httpDate)
  return Number.isNaN(at) ? undefined : new Date(at).toISOString().slice(0, 10)
}
