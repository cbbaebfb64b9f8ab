// The model phase's streams share one knowledge ordered by completion: a pet one stream created binds
// another stream's later read, and a read that overlapped a write is never bound by it. Proven on an
// in-memory target, so nothing but the streams' timing is in play.
import { AsyncLocalStorage } from 'node:async_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test } from '@jest/globals'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { StoreKnowledge } from '../../model/StoreKnowledge.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { type Exchange, exchangeTicks } from '../http/exchange.ts'
import { runModelPhase } from './runModelPhase.ts'
import type { SequenceTarget } from './Step.ts'

const model = interfaceModelOf(defaultSpec())

interface Pet {
  id: number
  name: unknown
  categoryId: unknown
  status: unknown
}

/** A stored pet as the API shows it: without the stream that owns it. */
const shown = ({ owner: _owner, ...pet }: Pet & { owner: number }): Pet => pet

/**
 * A store that answers as the document says, each answer after a random delay of up to 3 ms, with
 * the write applied when the request arrives (so answers complete out of order, as on a network).
 * `perStream`: a pet is visible only to the stream that created it (a client-scoped store).
 */
function target(perStream: boolean) {
  const pets: Array<Pet & { owner: number }> = []
  const stream = new AsyncLocalStorage<number>()
  let nextId = 1
  const sent = { fresh: 0, reused: 0 }
  const answer = (
    operation: Exchange['request']['operation'],
    status: number,
    json: unknown,
    startedAt: number,
  ) =>
    sleep(Math.random() * 3).then(
      (): Exchange => ({
        request: { operation, method: operation === 'createPet' ? 'POST' : 'GET', path: '/pets', url: '' },
        status,
        headers: new Headers(),
        text: JSON.stringify(json),
        json,
        curl: '',
        startedAt,
        completedAt: exchangeTicks(),
      }),
    )
  const call: SequenceTarget['call'] = async (operationId, parameters = {}, options = {}) => {
    const startedAt = exchangeTicks()
    sent[options.connection ?? 'reused']++
    const me = stream.getStore() ?? 0
    const visible = pets.filter((pet) => !perStream || pet.owner === me)
    if (operationId === 'createPet') {
      const body = JSON.parse(options.body ?? '{}') as Omit<Pet, 'id'>
      if (!model.validators.requestBody('createPet')(body))
        return answer('createPet', 400, { code: 'invalid_body', message: 'no', status: 400 }, startedAt)
      const pet = { id: nextId++, ...body, status: body.status ?? 'available', owner: me }
      pets.push(pet)
      return answer('createPet', 201, shown(pet), startedAt)
    }
    if (operationId === 'getPet') {
      const pet = visible.find((p) => BigInt(p.id) === BigInt(parameters.petId as bigint))
      if (!pet)
        return answer('getPet', 404, { code: 'not_found', message: 'no such pet', status: 404 }, startedAt)
      return answer('getPet', 200, shown(pet), startedAt)
    }
    const page = visible
      .filter((p) => parameters.status === undefined || p.status === parameters.status)
      .slice(0, Number(parameters.limit ?? model.limit.default))
      .map(shown)
    return answer('listPets', 200, page, startedAt)
  }
  // Each stream runs in its own context, so the store knows which stream a request comes from.
  const inParallel = <T>(tasks: ReadonlyArray<() => Promise<T>>) =>
    Promise.all(tasks.map((task, index) => stream.run(index, task)))
  return { call, inParallel, sent }
}

const phase = (store: ReturnType<typeof target>, seed: number) =>
  runModelPhase({
    model,
    knowledge: new StoreKnowledge(model),
    call: store.call,
    inParallel: store.inParallel,
    canWrite: true,
    // The store reads bodies with JSON.parse: values stay within what a double holds exactly.
    exactInt64: false,
    petName: (() => {
      let named = 0
      return () => `ctknown${++named}`
    })(),
    seed,
    budget: { runs: 40 },
    concurrency: 4,
    reproductions: 0,
  })

test('a store each stream sees only its own part of fails: another stream read after the 201', async () => {
  const result = await phase(target(true), 7)
  expect(result.failure?.problem.operation).toMatch(/listPets|getPet/)
  // Each stream alone sees a consistent store: only what the others learned can have bound the read.
  expect(result.failure?.problem.documented).toMatch(/\d/)
})

test('one store, answers completing out of order: no finding, whatever overlapped', async () => {
  for (const seed of [1, 2, 3]) {
    const store = target(false)
    const result = await phase(store, seed)
    expect(result.failure?.problem).toBeUndefined()
    expect(result.error).toBeUndefined()
    expect(result.runs).toBe(40)
    // Reads went out on both kinds of connection, as drawn.
    expect(store.sent.fresh).toBeGreaterThan(0)
    expect(store.sent.reused).toBeGreaterThan(0)
  }
})
