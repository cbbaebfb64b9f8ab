import { operationTarget } from '../../spec/runtime.ts'
import type { SuiteVocabulary } from '../base/SuiteVocabulary.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** A gap: the spec declares an optional Location on 201, pointing at the created pet. */
export const locationHeader = everyExchange(
  {
    name: 'location_header',
    level: 'recommended',
    because:
      'the document does not show a Location header; RFC 9110 §15.3.2 lets a 201 name the new resource in one.',
    description: ({ item }) =>
      `A 201 from createPet carries a Location header that ends in ${item ? item.template.replace(`{${item.parameter}}`, '{the new id}') : 'the path of the new pet'}.`,
    operations: ['createPet'],
    needs: ['write'],
    appliesTo: (exchange) => exchange.status === 201,
  },
  (exchange, { capabilities, vocabulary }) => {
    const id = petIdOf(exchange.json) ?? String((exchange.json as { id?: unknown } | undefined)?.id)
    const location = exchange.headers.get('location')
    const path = itemPath(vocabulary, id)
    // A stateless mock's Location and body are separate static examples: only presence is fair; so
    // is a document that shows no path for one pet.
    const fine = capabilities.has('state') && path ? location?.endsWith(path) : Boolean(location)
    if (fine) return undefined
    const received = `Location ${location ?? 'missing'} for id ${id}`
    const expected = `Location ending in ${path ?? 'the path of the new pet'}`
    return finding(exchange, exchange.operation, received, expected)
  },
)

/** Where the pet with this id lives, by the spec: the item operation's target for it (getPet's). */
function itemPath(vocabulary: SuiteVocabulary, id: string): string | undefined {
  const { item } = vocabulary
  const operation = item && vocabulary.operations.get(item.operationId)
  return item && operation ? operationTarget(operation, { [item.parameter]: id }) : undefined
}
