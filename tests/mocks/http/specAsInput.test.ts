// A spec `pattern` on a running HTTP mock runs in linear time (decision 020, docs/spec-as-input.md): a pattern
// that makes a backtracking engine take seconds must not delay any other client. The --watch side (an
// unsafe edit keeps the last good spec, an alias bomb delays nobody) is in watchSpec.test.ts.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createHttpMock, type HttpMock, listen } from '../../../mocks/http/createHttpMock.ts'
import { loadSpecFile } from '../../../mocks/http/loadSpecFile.ts'
import { SPEC_PATH } from '../../../spec/index.ts'

const AUTH = { authorization: 'Bearer petstore-dev-key' }
const REDOS = '^([a-zA-Z0-9]+\\s?)+$'
// 30 name characters then one the pattern refuses: a backtracking engine tries 2^30 splits.
const EVIL_NAME = `${'a'.repeat(30)}!`

let dir: string
let mock: HttpMock
let baseUrl: string

const list = () => fetch(`${baseUrl}/pets?limit=1`, { headers: AUTH })
const create = (name: string) =>
  fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 1 }),
  })
async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now()
  await (await request()).arrayBuffer()
  return performance.now() - started
}
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] as number

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-spec-input-'))
  const specPath = join(dir, 'openapi.yaml')
  const original = await readFile(SPEC_PATH, 'utf8')
  const redos = original.replace(
    "description: The animal's name.",
    () => `pattern: ${JSON.stringify(REDOS)}\n          description: The animal's name.`,
  )
  if (redos === original) throw new Error('NewPet.name not found in spec/openapi.yaml; fix the test')
  await writeFile(specPath, redos)
  mock = createHttpMock({ spec: await loadSpecFile(specPath) })
  baseUrl = await listen(mock, 0, '127.0.0.1')
})

afterAll(async () => {
  mock?.server.closeAllConnections()
  await new Promise((resolve) => mock?.server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

describe('a spec pattern runs in linear time', () => {
  test('the ReDoS pattern checks names (400 for one it refuses, 201 for one it takes)', async () => {
    expect((await create(EVIL_NAME)).status).toBe(400)
    expect((await create('Rex the dog')).status).toBe(201)
  })

  test('a 31-character name against the ReDoS pattern does not delay a concurrent request', async () => {
    // Judged as a ratio, like the hostile-URL test: an ordinary request alongside two hostile creates,
    // against the same request alone, medians of 15 rounds; the margin (100x) is wide for a shared
    // machine. On V8's backtracking engine each hostile create took 18 s: over 1000x.
    const alone: number[] = []
    const alongside: number[] = []
    for (let round = 0; round < 15; round++) {
      alone.push(await timed(list))
      const [, , ordinary] = await Promise.all([
        timed(() => create(EVIL_NAME)),
        timed(() => create(EVIL_NAME)),
        timed(list),
      ])
      alongside.push(ordinary)
    }
    expect(median(alongside) / median(alone)).toBeLessThan(100)
  })
})
