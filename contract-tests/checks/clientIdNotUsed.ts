import { NotJudged } from '../base/notJudged.ts'
import { inPool } from '../http/inPool.ts'
import { petIdOf } from '../json/petIdOf.ts'
import type { Check, Finding } from './Check.ts'
import { finding } from './Check.ts'

/**
 * §2: "The client does not choose id". A body carrying an `id` may be refused (400, the spec's
 * choice) or the field ignored; a created pet must never get the id the client sent.
 */
export const clientIdNotUsed: Check = {
  name: 'client_id_not_used',
  level: 'required',
  description: () =>
    'A createPet body carrying an id is refused or the id ignored: the created pet never gets the id the client sent, nor does getPet of that id return it (§2: the client does not choose id).',
  operations: ['createPet'],
  needs: ['write', 'state'],
  async run(context) {
    // Ids no server hands out by chance: random, far apart, within 2^53 so any client sends them exactly.
    const wanted = [0, 1].map(() => 2 ** 40 + Math.floor(Math.random() * 2 ** 50))
    const findings: Finding[] = []
    let answered = 0
    await inPool(wanted, 2, async (id) => {
      const name = context.petName('client-id')
      const created = await context.call(
        'createPet',
        {},
        { body: JSON.stringify({ id, name, categoryId: 1 }), kind: 'gap' },
      )
      if (created.status !== 0) answered++
      const got = petIdOf(created.json)
      if (created.status !== 201) return
      if (got === String(id)) {
        const received = `201 with the client's id ${id}`
        return findings.push(
          finding(created, 'createPet', received, 'a refusal (400), or an id the service chose'),
        )
      }
      const fetched = await context.call('getPet', { petId: id })
      const received = `getPet ${id} (the id the client sent) returns the pet created as ${got}`
      if (fetched.status === 200 && (fetched.json as { name?: unknown } | undefined)?.name === name)
        findings.push(finding(fetched, 'createPet', received, 'the client’s id is not used'))
    })
    // No create carrying an id got an answer (each timed out or failed): nothing was judged.
    if (answered === 0 && findings.length === 0)
      throw new NotJudged('no create carrying a client id got an answer (see no_server_errors)')
    return { findings }
  },
}
