import { exactJson } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { plural } from '../../kit/text/plural.ts'
import { keptAsSent } from '../../model/keptAsSent.ts'
import { sameJson } from '../../model/sameJson.ts'
import { NotJudged } from '../base/notJudged.ts'
import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { petIdOf } from '../json/petIdOf.ts'
import type { Check, Finding } from './Check.ts'
import { finding } from './Check.ts'
import { causeOf, sentFields } from './causeOf.ts'
import { petsIn } from './describeResponse.ts'

type Pet = Record<string, unknown>

/** Whether two readings of a pet, read exactly, agree on every field the spec's Pet declares. */
const same = (fields: readonly string[], a: Pet, b: Pet) =>
  fields.every((field) => sameJson(a[field], b[field]))

/** No accepted write is lost, and a pet reads the same everywhere: read exactly, found by the digits of its id (`petIdOf`). */
export const createdPetsKept: Check = {
  name: 'created_pets_kept',
  level: 'required',
  description: () =>
    'Every pet the run created (201) is returned by getPet as the 201 showed it, with the submitted fields, and is listed under its status, identical, while that page is not full: no accepted write is lost, an omitted status reads the same everywhere (§4.1, §4.2 rule 2, §4.3).',
  operations: ['createPet', 'listPets'],
  needs: ['write', 'state'],
  async run(context) {
    const created = context.exchanges.filter(
      (exchange) =>
        exchange.request.operation === 'createPet' && exchange.status === 201 && isPet(exchange.json),
    )
    // No accepted write to look for: not judged, never a vacuous pass.
    if (created.length === 0)
      throw new NotJudged(
        'no create of this run answered 201 with a pet, so no accepted write can be looked for',
      )
    const findings: Finding[] = []
    const fields = context.vocabulary.pet.fields
    const fetched = await inPool(created, 10, (exchange) =>
      context.call('getPet', { petId: { raw: petIdOf(exchange.json) ?? String((exchange.json as Pet).id) } }),
    )
    const current = new Map<string, Pet>()
    for (const [i, answer] of created.entries()) {
      const pet = exactJson(answer.json) as Pet
      const id = petIdOf(pet) ?? String(pet.id)
      const got = fetched[i] as Exchange
      const again = exactJson(got.json)
      const submitted = sentFields(answer)
      const changed = Object.keys(submitted).filter((field) => !keptAsSent(pet[field], submitted[field]))
      if (got.status !== 200 || !isPet(again) || !same(fields, again, pet) || changed.length > 0) {
        const received =
          got.status !== 200
            ? `getPet ${id} answered ${got.status} for a pet created with 201 (${toJsonText(pet)})`
            : `getPet ${id} returned ${got.text.slice(0, 200)}; the 201 was ${toJsonText(pet)}; submitted ${toJsonText(submitted)}`
        const expected = 'every created pet kept as answered, with the submitted fields'
        // A 201 that changed a field is the create's fault, whatever getPet answered.
        const cause = changed.length > 0 ? causeOf(answer) : undefined
        findings.push({ ...finding(got, 'createPet', received, expected), ...(cause && { cause }) })
        if (findings.length >= 3) break
        continue
      }
      current.set(id, again)
    }

    const { maximum } = context.vocabulary.limit
    const statuses = new Set([...current.values()].map((pet) => pet.status))
    const lists = await Promise.all(
      [...statuses].map((status) =>
        context.call('listPets', { limit: maximum, status: typeof status === 'string' ? status : undefined }),
      ),
    )
    let listsJudged = 0
    for (const [i, status] of [...statuses].entries()) {
      const list = lists[i] as Exchange
      const pets = petsIn(list)
      if (!pets) continue
      listsJudged++
      const byId = new Map(pets.map((pet) => [petIdOf(pet) ?? String(pet?.id), exactJson(pet) as Pet]))
      for (const [id, pet] of current) {
        const listed = byId.get(id)
        // A full page may leave any pet out (order is not specified); one that is shown must agree with getPet.
        const missing =
          pet.status === status && typeof status === 'string' && !listed && pets.length < maximum
        if (!missing && (!listed || same(fields, listed, pet))) continue
        const received = listed
          ? `the list shows ${toJsonText(listed)}, getPet shows ${toJsonText(pet)}`
          : `${plural(pets.length, 'pet')}, without ${toJsonText(pet)}, which getPet returns with that status`
        const expected = 'every pet listed under its status while the page is not full, as getPet shows it'
        findings.push(finding(list, 'listPets', received, expected))
        break
      }
    }
    // No list of a kept pet's status came back as a list (or no pet was read back to look for): not judged.
    if (listsJudged === 0 && !findings.some((f) => f.operation === 'listPets'))
      return {
        findings,
        skipped: {
          listPets:
            statuses.size === 0
              ? 'not judged: no created pet was read back by getPet, so none could be looked for in a list'
              : 'not judged: no list of a created pet’s status answered with a list (see no_server_errors)',
        },
      }
    return { findings }
  },
}

function isPet(value: unknown): value is Pet {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value
}
