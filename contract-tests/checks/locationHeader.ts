import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** A gap: the spec declares an optional Location on 201, pointing at the created pet. */
export const locationHeader = everyExchange(
  {
    name: 'location_header',
    level: 'recommended',
    description: 'A 201 from createPet carries a Location header that ends in /pets/{the new id}.',
    operations: ['createPet'],
    needs: ['write'],
    appliesTo: (exchange) => exchange.status === 201,
  },
  (exchange, { capabilities }) => {
    if (exchange.status !== 201) return undefined
    const id = String((exchange.json as { id?: unknown } | undefined)?.id)
    const location = exchange.headers.get('location')
    // A stateless mock's Location and body are separate static examples: only presence is fair.
    const fine = capabilities.has('state') ? location?.endsWith(`/pets/${id}`) : Boolean(location)
    if (fine) return undefined
    return finding(
      exchange,
      exchange.operation,
      `Location ${location ?? 'missing'} for id ${id}`,
      `Location ending in /pets/${id}`,
    )
  },
)
