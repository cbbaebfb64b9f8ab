import { type Check, finding } from '../Check.ts'

/** §2: `id` is a unique identifier assigned on creation. */
export const uniqueIds: Check = {
  name: 'unique_ids',
  level: 'required',
  description: 'Every created pet gets an id no other pet has (§2 Pet.id).',
  operations: ['createPet'],
  needs: ['write', 'state'],
  async run(context) {
    const seen = new Map<unknown, string>()
    for (let i = 0; i < 3; i++) {
      const exchange = await context.send({
        operation: 'createPet',
        method: 'POST',
        path: '/pets',
        body: JSON.stringify({ name: context.petName(`unique-${i}`), categoryId: 1 }),
      })
      const id = (exchange.json as { id?: unknown } | undefined)?.id
      if (exchange.status !== 201) continue
      if (seen.has(id)) {
        return {
          findings: [
            finding(
              exchange,
              'createPet',
              `id ${String(id)} again, already given to ${seen.get(id)}`,
              'a new, unique id for each created pet',
            ),
          ],
        }
      }
      seen.set(id, `the pet created ${i === 1 ? 'just before' : 'earlier'} in this check`)
    }
    return { findings: [] }
  },
}
