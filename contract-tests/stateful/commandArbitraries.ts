import fc from 'fast-check'
import { INT64_MAX, INT64_MIN } from '../../kit/json/exactJson.ts'
import type { InterfaceModel } from '../../model/interfaceModel.ts'
import { type Connection, CreatePets, GetPet, ListPets, Pause, RefusedCreate } from './commands.ts'
import { newPetArbitrary } from './newPetArbitrary.ts'
import type { Command } from './Step.ts'
import { TowardState } from './TowardState.ts'
import type { ValueOptions } from './valueArbitrary.ts'

/**
 * The commands a sequence is drawn from. Reads always (listPets with any `limit` and status or none,
 * then getPet of listed pets at once; getPet of created, known and unknown ids; a read aimed at a
 * state not visited yet; a pause). Writes only when the run may write: single creates, bursts of 2-4
 * concurrent creates (every name starting with `tag`), the last create again, and creates of a body
 * the document refuses.
 *
 * @example
 * fc.commands(commandArbitraries(model, true), { maxCommands: 12 })
 */
export function commandArbitraries(
  model: InterfaceModel,
  canWrite: boolean,
  options: ValueOptions = {},
): Array<fc.Arbitrary<Command>> {
  const { minimum, maximum } = model.limit
  const query = fc.record(
    {
      limit: fc.option(fc.integer({ min: minimum, max: maximum }), { nil: undefined }),
      status: fc.option(fc.constantFrom(...model.statuses), { nil: undefined }),
    },
    { requiredKeys: [] },
  )
  const probes = fc.uniqueArray(fc.nat(maximum - 1), { maxLength: 3 })
  // Every read goes out on a fresh connection or a reused one, drawn like its parameters: a store or
  // cache kept per connection is caught, and a seed replays which connection each read used.
  const connection = fc.constantFrom<Connection>('reused', 'fresh')
  const listed = fc.tuple(query, probes, connection).map(([q, p, on]): Command => new ListPets(q, p, on))
  // Steering: a read aimed at a boundary state the stream has not visited yet (TowardState). It takes
  // half of the list's share rather than a share of its own, so a sequence sends no more requests.
  const steered = fc.tuple(fc.nat(), connection).map(([choice, on]): Command => new TowardState(choice, on))
  const which = fc.oneof(
    fc.record({ kind: fc.constantFrom('created' as const, 'known' as const), index: fc.nat(1000) }),
    fc.record({ kind: fc.constant('unknown' as const), id: fc.bigInt(INT64_MIN, INT64_MAX) }),
  )
  const got = fc.tuple(which, connection).map(([pet, on]): Command => new GetPet(pet, on))
  // Time as a dimension, now and then: what changes after a while (a cache, a counter) is met
  // between two reads of one sequence; the rounds of the default budget's watch do the rest.
  const pause = fc.constantFrom(100, 300, 900).map((ms): Command => new Pause(ms))
  const reads = [
    fc.oneof(listed, steered),
    fc.oneof({ arbitrary: got, weight: 12 }, { arbitrary: pause, weight: 1 }),
  ]
  if (!canWrite) return reads
  const newPet = newPetArbitrary(model, options)
  return [
    ...reads,
    fc.array(newPet, { minLength: 1, maxLength: 1 }).map((bodies) => new CreatePets(bodies)),
    fc.array(newPet, { minLength: 1, maxLength: 1 }).map((bodies) => new CreatePets(bodies)),
    fc.array(newPet, { minLength: 2, maxLength: 4 }).map((bodies) => new CreatePets(bodies)),
    // The last create's bodies again: two pets, whatever a server keys on besides the id.
    fc.constant(new CreatePets([], true)),
    // A refused create among the others: whatever came before or comes after, it stores nothing.
    fc.nat().map((choice) => new RefusedCreate(choice, options.exactInt64 ?? true)),
  ]
}
