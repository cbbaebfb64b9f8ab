import { exactJson } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { keptAsSent } from '../../model/keptAsSent.ts'
import { sameJson } from '../../model/sameJson.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type Check, type Finding, finding } from './Check.ts'
import { describeResponse, excerpt } from './describeResponse.ts'

/**
 * §4.2 rule 2, §4.3: a list sent at once holds the new pet (§4.1 rule 2: nothing lets a list lag behind
 * a create). Read exactly: an id beyond 2^53 is sent back and compared as the digits the server wrote.
 */
export const createRoundTrip: Check = {
  name: 'create_round_trip',
  level: 'required',
  description: () =>
    'createPet answers 201 with the submitted fields and an id, for each PetStatus value and without status; getPet returns that pet, and a list of its status sent at once holds it unless the page is full (§4.2 rule 2, §4.3, §4.1 rule 2).',
  operations: ['createPet', 'getPet', 'listPets'],
  needs: ['write', 'state'],
  async run(context) {
    const findings: Finding[] = []
    const { statuses, limit } = context.vocabulary
    const { maximum } = limit
    let created201 = 0
    let listsJudged = 0
    // One create per PetStatus value the spec allows (a server refusing to create a `sold` pet
    // departs from §2 as much as one refusing them all), and one without status.
    const submissions: Array<Record<string, unknown>> = [
      ...statuses.map((status) => ({ name: context.petName('round-trip'), categoryId: 7, status })),
      { name: context.petName('round-trip-minimal'), categoryId: 3 },
    ]
    for (const submitted of submissions) {
      const created = await context.call('createPet', {}, { body: JSON.stringify(submitted) })
      const pet = exactJson(created.json) as Record<string, unknown> | undefined
      const differs = Object.entries(submitted)
        .filter(([field, value]) => !keptAsSent(pet?.[field], value))
        .map(([field]) => field)
      const id = petIdOf(pet)
      if (created.status !== 201 || !pet || differs.length > 0 || id === undefined || !/^-?\d+$/.test(id)) {
        const received =
          differs.length > 0 && pet
            ? `${created.status} with ${toJsonText(pet)} (differs in ${differs.join(', ')})`
            : describeResponse(created)
        const expected = `201 with a Pet carrying ${JSON.stringify(submitted)} and an integer id`
        findings.push(finding(created, 'createPet', received, expected))
        continue
      }
      created201++
      const fetched = await context.call('getPet', { petId: id })
      const again = exactJson(fetched.json) as Record<string, unknown> | undefined
      const lost = [...Object.keys(submitted), 'id'].filter((field) => !sameJson(again?.[field], pet[field]))
      if (fetched.status !== 200 || lost.length > 0) {
        const received =
          fetched.status === 200
            ? `200 with ${excerpt(fetched.text, 200)} (differs in ${lost.join(', ')})`
            : describeResponse(fetched)
        findings.push(
          finding(fetched, 'getPet', received, `200 with the pet just created: ${toJsonText(pet)}`),
        )
      }
      const status = typeof pet.status === 'string' ? pet.status : undefined
      const listed = await context.call('listPets', { limit: maximum, status })
      const page = Array.isArray(listed.json) ? (listed.json as unknown[]) : undefined
      if (page) listsJudged++
      if (page && page.length < maximum && !page.some((item) => petIdOf(item) === id)) {
        const received = `a page of ${page.length} (room for ${maximum}) without pet ${id}, created just before`
        const expected = `every ${status === undefined ? 'pet' : `pet with status ${status}`} while the page has room, the new one included`
        findings.push(finding(listed, 'listPets', received, expected))
      }
    }
    // With no pet created, fetching one cannot be judged: a skip with the reason, not a pass.
    const none = 'not judged: no create returned a pet (see createPet), so none could be fetched or listed'
    if (created201 === 0) return { findings, skipped: { getPet: none, listPets: none } }
    // A list sent after each create that never came back as a list judged nothing.
    const noList = 'not judged: no list sent right after a create answered with a list (see no_server_errors)'
    return { findings, ...(listsJudged === 0 && { skipped: { listPets: noList } }) }
  },
}
