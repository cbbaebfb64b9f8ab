// `petstore-contract breaks FILE.har --spec NEXT`: recorded traffic (the mock's journal as HAR, and a
// browser's HAR with response bodies) against versions of the document that break it in each way.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { whatBreaks } from '../../contract-tests/breaks/whatBreaks.ts'
import { loadCompiledSpec } from '../../contract-tests/running/loadCompiledSpec.ts'
import { type HarExchange, readHar } from '../../har/readHar.ts'
import { bundleSpec, type PetStoreDocument } from '../../spec/index.ts'
import { evolveSpec } from '../support/evolveSpec.ts'
import { KEY, startMock } from '../support/startMock.ts'

const run = promisify(execFile)
let dir: string
let har: string
let recorded: HarExchange[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-breaks-'))
  const mock = await startMock()
  const base = `${mock.origin}/v1`
  const headers = {
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/json',
    'x-mock-session': 'app',
  }
  await fetch(`${base}/pets?status=pending&limit=5`, { headers })
  await fetch(`${base}/pets`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Rex', categoryId: 3 }),
  })
  await fetch(`${base}/pets/1`, { headers })
  await fetch(`${base}/pets/999999`, { headers })
  har = await (await mock.control('GET', 'requests.har', 'app')).text()
  await mock.close()
  recorded = readHar(har)
  expect(recorded).toHaveLength(4)
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The packaged document, bundled, changed by `edit`, written and loaded as a `--spec` would be. */
async function nextVersion(name: string, edit: (document: PetStoreDocument) => void) {
  const document = structuredClone(await bundleSpec()) as PetStoreDocument & Record<string, never>
  edit(document)
  const file = join(dir, `${name}.json`)
  await writeFile(file, JSON.stringify(document))
  return { file, spec: await loadCompiledSpec(file) }
}

const schemas = (document: PetStoreDocument) =>
  document.components.schemas as Record<string, Record<string, unknown>>

describe('what a new version of the document breaks of recorded traffic', () => {
  test('an additive version (new field, status value, operation) breaks nothing', async () => {
    const file = join(dir, 'evolved.json')
    await writeFile(file, JSON.stringify(evolveSpec(await bundleSpec())))
    expect(whatBreaks(recorded, '/v1', await loadCompiledSpec(file))).toEqual([])
  })

  test.each([
    [
      'an enum value gone',
      (d: PetStoreDocument) => {
        schemas(d).PetStatus = { ...schemas(d).PetStatus, enum: ['available', 'sold'] }
      },
      [{ step: 1, kind: 'request no longer valid' }],
    ],
    [
      'a field required that the app never sends',
      (d: PetStoreDocument) => {
        const newPet = schemas(d).NewPet as { required: string[]; properties: Record<string, unknown> }
        newPet.properties.nickname = { type: 'string' }
        newPet.required = [...newPet.required, 'nickname']
      },
      [{ step: 2, kind: 'request no longer valid' }],
    ],
    [
      'a status no longer documented',
      (d: PetStoreDocument) => {
        const responses = d.paths['/pets/{petId}']?.get?.responses
        if (responses) delete responses['404']
      },
      [{ step: 4, kind: 'status no longer documented' }],
    ],
    [
      'an operation removed',
      (d: PetStoreDocument) => {
        delete d.paths['/pets/{petId}']
      },
      [
        { step: 3, kind: 'operation removed' },
        { step: 4, kind: 'operation removed' },
      ],
    ],
  ])('%s: names each interaction it breaks, and why', async (name, edit, expected) => {
    const { spec } = await nextVersion(name.replaceAll(' ', '-'), edit)
    const breaks = whatBreaks(recorded, '/v1', spec)
    expect(breaks.map(({ step, kind }) => ({ step, kind }))).toEqual(expected)
    for (const broken of breaks) expect(broken.why.length).toBeGreaterThan(10)
  })

  test('a response field removed breaks a recorded body that carried it (a browser HAR keeps bodies)', async () => {
    const withBody = recorded.map((exchange, i) =>
      i === 2
        ? { ...exchange, responseText: '{"id":1,"name":"Rex","categoryId":1,"status":"available"}' }
        : exchange,
    )
    const { spec } = await nextVersion('closed-pet', (d) => {
      const pet = schemas(d).Pet as Record<string, unknown>
      schemas(d).Pet = {
        ...pet,
        unevaluatedProperties: false,
        properties: { id: { type: 'integer' } },
        allOf: undefined,
      }
    })
    const breaks = whatBreaks(withBody, '/v1', spec).filter((b) => b.kind === 'response no longer matches')
    expect(breaks.map((b) => b.step)).toContain(3)
  })

  test('the command prints each break and exits 1; nothing broken exits 0; no --spec is a usage error', async () => {
    const file = join(dir, 'journal.har')
    await writeFile(file, har)
    const cli = join(import.meta.dirname, '..', '..', 'contract-tests', 'cli.ts')
    const { file: removed } = await nextVersion('no-getPet', (d) => {
      delete d.paths['/pets/{petId}']
    })
    const broken = await run(process.execPath, [cli, 'breaks', file, '--spec', removed]).catch(
      (error: { code: number; stdout: string }) => error,
    )
    expect((broken as { code?: number }).code).toBe(1)
    expect(broken.stdout).toMatch(/^BREAKS {2}step 3 GET \/pets\/1: operation removed: /m)
    expect(broken.stdout).toMatch(/^2 recorded interactions break under /m)
    const evolved = join(dir, 'evolved.json')
    const fine = await run(process.execPath, [cli, 'breaks', file, '--spec', evolved])
    expect(fine.stdout).toMatch(/^Nothing recorded in .* breaks under /m)
    const usage = await run(process.execPath, [cli, 'breaks', file]).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect((usage as { code?: number }).code).toBe(2)
  }, 60_000)
})
