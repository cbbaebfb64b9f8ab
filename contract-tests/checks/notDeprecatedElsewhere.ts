import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * §9.4: the operations the spec does not mark deprecated carry no mark of it. A Deprecation header
 * (RFC 9745) marks one deprecated; a Sunset (RFC 8594) says its URI goes away, and §9.3 names
 * `GET /pets` as getPet's replacement.
 */
export const notDeprecatedElsewhere = everyExchange(
  {
    name: 'not_deprecated_elsewhere',
    level: 'required',
    description: () =>
      'Responses of the operations the spec does not mark deprecated carry no Deprecation or Sunset header (§9.4: other operations are not marked deprecated).',
    operations: ['listPets', 'createPet'],
    needs: [],
  },
  (exchange, { vocabulary }) => {
    if (exchange.status === 0 || vocabulary.operations.get(exchange.operation)?.deprecated) return undefined
    const marks = ['deprecation', 'sunset'].filter((name) => exchange.headers.has(name))
    if (marks.length === 0) return undefined
    const received = marks.map((name) => `${name}: ${exchange.headers.get(name)}`).join(', ')
    return finding(
      exchange,
      exchange.operation,
      received,
      'no Deprecation or Sunset: the operation is not deprecated (§9.4)',
    )
  },
)
