// Nothing lost under load (decisions/004-hardening.md): 1,000 concurrent creates over HTTP, with reads interleaved.
import { Agent, request } from 'node:http'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { createHttpMock, listen } from '../../../mocks/http/createHttpMock.ts'
import { compileValidators, openApiDocument, type Pet } from '../../../spec/runtime.ts'

const CREATES = 1_000
const READS = 300
const AUTH = 'Bearer petstore-dev-key'
const validators = compileValidators(openApiDocument)
const STATUSES = (openApiDocument.components.schemas.PetStatus as { enum: Pet['status'][] }).enum

const mock = createHttpMock({ seed: [] })
const agent = new Agent({ keepAlive: true, maxSockets: 256 })
let port = 0
beforeAll(async () => {
  port = Number(new URL(await listen(mock, 0, '127.0.0.1')).port)
})
afterAll(async () => {
  agent.destroy()
  mock.server.closeAllConnections()
  await new Promise((resolve) => mock.server.close(resolve))
})

function call(method: string, path: string, body?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: AUTH }
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json' })
    const outgoing = request(
      { host: '127.0.0.1', port, method, path, headers, agent, signal: AbortSignal.timeout(15_000) },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

function expectValid(schema: string, body: unknown): void {
  const validate = validators.schema(schema)
  expect(validate(body) ? schema : JSON.stringify({ body, errors: validate.errors })).toBe(schema)
}

test(`${CREATES} concurrent creates give ${CREATES} distinct pets, all retrievable and listed; reads never see half a pet`, async () => {
  const inputs = Array.from({ length: CREATES }, (_, i) => ({
    name: `load-${i}`,
    categoryId: i,
    status: STATUSES[i % STATUSES.length],
  }))
  const creates = inputs.map((input) => call('POST', '/v1/pets', JSON.stringify(input)))
  // Reads race the creates: a list, or a pet that may or may not exist yet.
  const reads = Array.from({ length: READS }, (_, i) =>
    i % 2 === 0 ? call('GET', '/v1/pets?limit=100') : call('GET', `/v1/pets/${1 + ((i * 7) % CREATES)}`),
  )
  const [created, read] = await Promise.all([Promise.all(creates), Promise.all(reads)])

  for (const response of read) {
    if (response.status === 200) expectValid(Array.isArray(response.body) ? 'Pets' : 'Pet', response.body)
    else expect(response).toMatchObject({ status: 404, body: { code: 'not_found' } })
  }
  const pets = created.map((response, i) => {
    expect(response.status).toBe(201)
    expectValid('Pet', response.body)
    const pet = response.body as Pet
    expect(pet).toEqual({ ...inputs[i], id: pet.id })
    return pet
  })
  const ids = new Set(pets.map((pet) => pet.id))
  expect(ids.size).toBe(CREATES)
  expect(
    mock.store
      .snapshot()
      .map((pet) => pet.id)
      .sort((a, b) => a - b),
  ).toEqual([...ids].sort((a, b) => a - b))

  const fetched = await Promise.all(pets.map((pet) => call('GET', `/v1/pets/${pet.id}`)))
  expect(fetched).toEqual(pets.map((pet) => ({ status: 200, body: pet })))

  // Listing shows them oldest first (id order), per status too, up to the page size.
  const byId = [...pets].sort((a, b) => a.id - b.id)
  expect((await call('GET', '/v1/pets?limit=100')).body).toEqual(byId.slice(0, 100))
  for (const status of STATUSES) {
    const listed = await call('GET', `/v1/pets?limit=100&status=${status}`)
    expect(listed.body).toEqual(byId.filter((pet) => pet.status === status).slice(0, 100))
  }
}, 30_000)
