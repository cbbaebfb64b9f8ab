// TowardState aims at the boundary states its stream has not visited yet, from what the stream
// knows: a limit one more than, equal to, or one less than the pets known to match a filter, the id
// after the largest known, and an id once 404 assigned since. It only reads.
import { expect, test } from '@jest/globals'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { StateCoverage } from '../../model/StateCoverage.ts'
import { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import type { Exchange } from '../http/exchange.ts'
import type { SequenceModel, SequenceTarget } from './Step.ts'
import { TowardState } from './TowardState.ts'

const model = interfaceModelOf(defaultSpec())
const [status = ''] = model.statuses

/** A store of `count` pets of one status that answers as the document says, recording each call. */
function storeOf(count: number) {
  const pets = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `p${i + 1}`,
    categoryId: 1,
    status,
  }))
  const calls: string[] = []
  const answer = (status: number, json: unknown): Exchange => ({
    request: { method: 'GET', path: '', url: '' },
    status,
    headers: new Headers(),
    text: '',
    json,
    curl: '',
  })
  const target: SequenceTarget = {
    async call(operationId, parameters = {}) {
      calls.push(
        `${operationId} ${JSON.stringify(parameters, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      )
      if (operationId === 'getPet') {
        const pet = pets.find((p) => BigInt(p.id) === BigInt(parameters.petId as bigint))
        return pet ? answer(200, pet) : answer(404, { code: 'not_found', message: 'no', status: 404 })
      }
      const matching = pets.filter((p) => parameters.status === undefined || p.status === parameters.status)
      return answer(200, matching.slice(0, Number(parameters.limit ?? model.limit.default)))
    },
  }
  const knowledge = new StoreKnowledge(model)
  for (const pet of pets) knowledge.learn(pet, false, 'listed before')
  const sequence: SequenceModel = {
    model,
    knowledge,
    steps: [],
    petName: () => 'x',
    states: new StateCoverage(model),
  }
  return { pets, calls, target, sequence }
}

test('each choice aims at a state not visited yet, and a visited one is not aimed at again', async () => {
  const { calls, target, sequence } = storeOf(5)
  const states = sequence.states as StateCoverage
  const first = new TowardState(0)
  await first.run(sequence, target)
  // The first aim: a page one short of a limit one more than the 5 pets known.
  expect(calls).toEqual(['listPets {"limit":6}'])
  expect(states.visited('page/given/short')).toBe(true)
  for (let choice = 0; choice < 12; choice++) await new TowardState(choice).run(sequence, target)
  expect(calls.filter((call) => call === 'listPets {"limit":6}')).toHaveLength(1)
  for (const state of ['page/given/full', 'page/given/beyond', 'id/unassigned'])
    expect(states.visited(state)).toBe(true)
  expect(calls).toContain('getPet {"petId":"6"}')
  expect(calls.every((call) => !call.startsWith('createPet'))).toBe(true)
})

test('an id answered 404 and assigned since is fetched again: both sides of the id boundary', async () => {
  const { pets, calls, target, sequence } = storeOf(3)
  const states = sequence.states as StateCoverage
  // Aim at id/unassigned, then another writer assigns that id.
  for (let choice = 0; choice < 8 && !states.visited('id/unassigned'); choice++)
    await new TowardState(choice).run(sequence, target)
  expect(calls).toContain('getPet {"petId":"4"}')
  pets.push({ id: 4, name: 'p4', categoryId: 1, status })
  sequence.knowledge.learn(pets[3] as Record<string, unknown>, false, 'listed later')
  states.see({ operation: 'createPet', id: 4n, status })
  for (let choice = 0; choice < 20 && !states.visited('id/assigned-later'); choice++)
    await new TowardState(choice).run(sequence, target)
  expect(states.visited('id/assigned-later')).toBe(true)
})
