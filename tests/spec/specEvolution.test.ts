// The spec evolves (decisions/009-spec-driven-routing-and-fallback.md) and the mock and the suite follow, with no code change.
// A copy of spec/openapi.yaml gets an optional field, a fourth status, new limit bounds, listPets
// deprecated with a sunset, and a new path /pets/mine (after /pets/{petId}) with examples. The mock
// serves it over MSW and over HTTP, and the contract suite, given the evolved spec, passes against it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { bundleSpec, type CompiledSpec, compileSpec, loadSpec, type Pet } from '../../spec/index.ts'
import { EVOLUTION, evolveSpec } from '../support/evolveSpec.ts'
import { startTransports, type Transport } from '../support/startTransports.ts'

const KEY = 'evolution-key'

let dir: string
let evolved: CompiledSpec
let transports: Transport[] = []
let close: () => Promise<void> = async () => {}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-evolved-'))
  const path = join(dir, 'openapi.json')
  await writeFile(path, JSON.stringify(evolveSpec(await bundleSpec()), null, 2))
  // Validated by swagger-parser like any spec: the evolution is legal OpenAPI.
  evolved = compileSpec(await loadSpec(path))
  ;({ transports, close } = await startTransports({ apiKeys: [KEY], spec: evolved }))
})

afterAll(async () => {
  await close()
  await rm(dir, { recursive: true, force: true })
})

const call = (transport: Transport, path: string, init: RequestInit = {}) =>
  fetch(`${transport.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...init.headers },
  })

const create = async (transport: Transport, body: Record<string, unknown>) => {
  const response = await call(transport, '/pets', { method: 'POST', body: JSON.stringify(body) })
  expect(response.status).toBe(201)
  return (await response.json()) as Pet & Record<string, unknown>
}

describe.each(['msw', 'http'] as const)('the evolved spec over %s', (name) => {
  const transport = () => transports.find((t) => t.name === name) as Transport

  test('the new optional field round-trips through create, list and get', async () => {
    transport().reset([])
    const created = await create(transport(), { name: 'Zed', categoryId: 3, [EVOLUTION.field]: 'Zeddy' })
    expect(created[EVOLUTION.field]).toBe('Zeddy')
    const got = (await (await call(transport(), `/pets/${created.id}`)).json()) as Record<string, unknown>
    expect(got).toEqual(created)
    const listed = (await (await call(transport(), '/pets')).json()) as Array<Record<string, unknown>>
    expect(listed).toContainEqual(created)
    // A field no schema declares is still dropped.
    const other = await create(transport(), { name: 'Amy', categoryId: 1, undeclared: 1 })
    expect(other).not.toHaveProperty('undeclared')
  })

  test('the fourth status is accepted and filtered on', async () => {
    transport().reset([])
    await create(transport(), { name: 'Ann', categoryId: 1, status: 'available' })
    const adopted = await create(transport(), { name: 'Bob', categoryId: 1, status: EVOLUTION.status })
    const listed = (await (await call(transport(), `/pets?status=${EVOLUTION.status}`)).json()) as Pet[]
    expect(listed).toEqual([adopted])
    expect((await call(transport(), '/pets?status=lost')).status).toBe(400)
  })

  test('the new limit default and maximum hold', async () => {
    const { maximum, default: fallback } = EVOLUTION.limit
    transport().reset(
      Array.from({ length: maximum + 10 }, (_, i) => ({ id: i + 1, name: `p${i}`, categoryId: 1 })),
    )
    expect(((await (await call(transport(), '/pets')).json()) as Pet[]).length).toBe(fallback)
    // 101 was over the old maximum; the evolved one allows up to 250.
    expect((await call(transport(), '/pets?limit=101')).status).toBe(200)
    expect(((await (await call(transport(), `/pets?limit=${maximum}`)).json()) as Pet[]).length).toBe(maximum)
    expect((await call(transport(), `/pets?limit=${maximum + 1}`)).status).toBe(400)
  })

  test('listPets now carries the deprecation headers with its sunset', async () => {
    const response = await call(transport(), '/pets?limit=1')
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/)
    expect(new Date(response.headers.get('sunset') ?? '').toISOString().slice(0, 10)).toBe(EVOLUTION.sunset)
  })

  test('/pets/mine is routed to its own operation and answered from its examples', async () => {
    const mine = await call(transport(), EVOLUTION.minePath)
    expect(mine.status).toBe(200)
    expect(await mine.json()).toEqual(EVOLUTION.mineExamples.two)
    const none = await call(transport(), EVOLUTION.minePath, { headers: { prefer: 'example=none' } })
    expect(await none.json()).toEqual([])
    // Like every operation: auth first, and Prefer: code= for a documented error.
    expect((await fetch(`${transport().baseUrl}${EVOLUTION.minePath}`)).status).toBe(401)
    const forced = await call(transport(), EVOLUTION.minePath, { headers: { prefer: 'code=401' } })
    expect(forced.status).toBe(401)
    // getPet still answers ids, and 'mine' is not one of them.
    expect((await call(transport(), '/pets/1')).status).not.toBe(400)
  })

  test('the contract suite with the evolved spec passes against the evolved mock', async () => {
    transport().reset()
    const report = await runContract({
      baseUrl: transport().baseUrl,
      apiKey: KEY,
      spec: evolved,
      strict: true,
      // The model phase's own proof is elsewhere; here a fixed number of sequences keeps the run bounded.
      budget: '20runs',
    })
    // Every check reads the spec it is given: none may fail against a correct server of the evolved spec.
    const failed = report.results.filter((r) => r.outcome === 'fail')
    if (failed.length > 0 || report.abort) throw new Error(formatConsole(report))
    expect(failed).toEqual([])
  }, 120_000)
})
