// Nothing lost under load (issue 7): a burst of concurrent creates over real HTTP connections, with
// list reads interleaved, against a mock seeded empty. Every create must get its own id, every pet
// must be retrievable and in the store, and no read may see a pet that is not a whole Pet.
import { Agent, request as httpRequest } from 'node:http'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { compileValidators, describeAjvErrors, openApiDocument, type Pet } from '../../spec/runtime.ts'
import { DEFAULT_API_KEY } from '../core/createEngine.ts'
import { createHttpMock, type HttpMock, listen } from './createHttpMock.ts'

const CREATES = 1_000
/** One list read after every this many creates are sent: 100 reads inside the burst. */
const READ_EVERY = 10
const validators = compileValidators(openApiDocument)
const validatePets = validators.schema('Pets')
const validatePet = validators.schema('Pet')

let mock: HttpMock
let port = 0
// Enough sockets that most requests are in flight at once, yet a bounded number of connections.
const agent = new Agent({ keepAlive: true, maxSockets: 256 })
beforeAll(async () => {
  mock = createHttpMock({ seed: [] })
  port = Number(new URL(await listen(mock, 0, '127.0.0.1')).port)
})
afterAll(async () => {
  agent.destroy()
  mock.server.closeAllConnections()
  await new Promise((resolve) => mock.server.close(resolve))
})

function call(method: string, path: string, body?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          authorization: `Bearer ${DEFAULT_API_KEY}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        signal: AbortSignal.timeout(15_000),
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: response.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) })
        })
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

test(`${CREATES} concurrent creates over HTTP: distinct ids, all retrievable, all stored; reads see whole pets`, async () => {
  expect(mock.store.size).toBe(0)
  const statuses = openApiDocument.components.schemas.PetStatus?.enum as string[]
  const sent = Array.from({ length: CREATES }, (_, i) => ({
    name: `Load ${i}`,
    categoryId: i,
    status: statuses[i % statuses.length],
  }))
  const reads: Array<Promise<{ status: number; body: unknown }>> = []
  const started = performance.now()
  const creates = sent.map((pet, i) => {
    if (i % READ_EVERY === 0) reads.push(call('GET', `/v1/pets?limit=100&status=${pet.status}`))
    return call('POST', '/v1/pets', JSON.stringify(pet))
  })
  const created = await Promise.all(creates)
  const elapsed = performance.now() - started
  console.log(
    `${CREATES} concurrent creates over HTTP (${READ_EVERY}:1 interleaved reads): ${elapsed.toFixed(0)} ms`,
  )

  expect(created.filter((response) => response.status !== 201)).toEqual([])
  const pets = created.map((response) => response.body as Pet)
  // Each reply is the pet that was sent, under its own id.
  expect(pets.map(({ id: _id, ...fields }) => fields)).toEqual(sent)
  const ids = new Set(pets.map((pet) => pet.id))
  expect(ids.size).toBe(CREATES)
  for (const pet of pets)
    expect(validatePet(pet) ? 'Pet' : describeAjvErrors(validatePet.errors, 'pet')).toBe('Pet')

  for (const read of await Promise.all(reads)) {
    expect(read.status).toBe(200)
    expect(validatePets(read.body) ? 'Pets' : describeAjvErrors(validatePets.errors, 'list')).toBe('Pets')
    // A listed pet is one some create was answered with, field for field.
    for (const listed of read.body as Pet[]) expect(listed).toEqual(pets.find((pet) => pet.id === listed.id))
  }

  const snapshot = mock.store.snapshot()
  expect(snapshot).toHaveLength(CREATES)
  expect(new Set(snapshot.map((pet) => pet.id))).toEqual(ids)

  const fetched = await Promise.all(pets.map((pet) => call('GET', `/v1/pets/${pet.id}`)))
  expect(fetched.map((response) => response.status)).toEqual(pets.map(() => 200))
  expect(fetched.map((response) => response.body)).toEqual(pets)
}, 30_000)
