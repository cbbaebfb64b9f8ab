// `petstore-contract breaks FILE.har --spec NEXT`: recorded traffic (the running mock's journal as
// HAR, response bodies included) against versions of the document that break it in each way, and
// traffic the current document already refused (a typo's 404, a 405, a repeated parameter, no key),
// recorded from the mock and from `petstore-mock proxy` in front of a lenient server, that no
// version breaks: the unchanged document exits 0.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import {
  BODY_TRUNCATED,
  NO_BODY,
  NOT_AN_OPERATION,
  REFUSED,
  whatBreaks,
} from '../../contract-tests/breaks/whatBreaks.ts'
import { loadCompiledSpec } from '../../contract-tests/running/loadCompiledSpec.ts'
import type { Har, HarEntry } from '../../har/Har.ts'
import { type HarExchange, readHar } from '../../har/readHar.ts'
import { bundleSpec, type PetStoreDocument } from '../../spec/index.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { startStack } from '../stacks/startStack.ts'
import { EVOLUTION, evolveSpec } from '../support/evolveSpec.ts'
import { killStartedClis, spawnCli } from '../support/startCli.ts'
import { KEY, startMock } from '../support/startMock.ts'

const run = promisify(execFile)
let dir: string
let har: string
let recorded: HarExchange[]
/** A session's journal with no operation in it but one: a preflight, a typo's 404 and a 405. */
let noise: string
const current = defaultSpec()
const cli = join(import.meta.dirname, '..', '..', 'contract-tests', 'cli.ts')
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'petstore-mock.ts')
/** The packaged document, unchanged, as a `--spec`. */
const SAME = join(import.meta.dirname, '..', '..', 'spec', 'openapi.yaml')

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
  const other = { ...headers, 'x-mock-session': 'noise' }
  await fetch(`${base}/pets?limit=1`, { headers: other })
  await fetch(`${base}/petz`, { headers: other })
  await fetch(`${base}/pets`, { method: 'DELETE', headers: other })
  await fetch(`${base}/pets?limit=5&limit=6`, { headers: other })
  const journal = (await (await mock.control('GET', 'requests.har', 'noise')).json()) as Har
  await mock.close()
  expect(journal.log.entries.map((entry) => entry.response.status)).toEqual([200, 404, 405, 400])
  // The HTTP mock answers a CORS preflight before any session sees it; a browser's HAR keeps it.
  const typo = journal.log.entries[1] as HarEntry
  journal.log.entries.push({
    ...typo,
    request: { ...typo.request, method: 'OPTIONS', url: typo.request.url.replace('/petz', '/pets') },
    response: { ...typo.response, status: 204, content: { size: 0, mimeType: 'text/plain' } },
  })
  noise = JSON.stringify(journal)
  recorded = readHar(har)
  expect(recorded).toHaveLength(4)
})
afterAll(async () => {
  killStartedClis()
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
    const report = whatBreaks(recorded, '/v1', await loadCompiledSpec(file), current)
    expect(report.breaks).toEqual([])
    expect(report.notJudged).toEqual([])
    // listPets' 200, createPet's 201, getPet's 200 and 404: every answer of the recording was judged.
    expect(report.responsesJudged).toBe(4)
  })

  test.each([
    [
      'an enum value gone',
      (d: PetStoreDocument) => {
        schemas(d).PetStatus = { ...schemas(d).PetStatus, enum: ['available', 'sold'] }
      },
      // The query asks for it, and the page answered holds pets that have it.
      [
        { step: 1, kind: 'request no longer valid' },
        { step: 1, kind: 'response no longer matches' },
      ],
    ],
    [
      'a field required that the app never sends (NewPet, so Pet too)',
      (d: PetStoreDocument) => {
        const newPet = schemas(d).NewPet as { required: string[]; properties: Record<string, unknown> }
        newPet.properties.nickname = { type: 'string' }
        newPet.required = [...newPet.required, 'nickname']
      },
      [
        { step: 1, kind: 'response no longer matches' },
        { step: 2, kind: 'request no longer valid' },
        { step: 2, kind: 'response no longer matches' },
        { step: 3, kind: 'response no longer matches' },
      ],
    ],
    [
      'a field type changed in the answers',
      (d: PetStoreDocument) => {
        const newPet = schemas(d).NewPet as { properties: Record<string, unknown> }
        newPet.properties.categoryId = { type: 'string' }
      },
      [
        { step: 1, kind: 'response no longer matches' },
        { step: 2, kind: 'request no longer valid' },
        { step: 2, kind: 'response no longer matches' },
        { step: 3, kind: 'response no longer matches' },
      ],
    ],
    [
      // The journal shows an error answer's code (decisions/038-error-codes-shown.md): getPet's 404 was not_found.
      'an enum on Error.code without a recorded code',
      (d: PetStoreDocument) => {
        const error = schemas(d).Error as { properties: Record<string, unknown> }
        error.properties.code = { type: 'string', enum: ['unauthorized', 'invalid_parameter'] }
      },
      [{ step: 4, kind: 'response no longer matches' }],
    ],
    [
      'an enum on Error.code that keeps every recorded code',
      (d: PetStoreDocument) => {
        const error = schemas(d).Error as { properties: Record<string, unknown> }
        error.properties.code = { type: 'string', enum: ['not_found', 'unauthorized'] }
      },
      [],
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
    const { spec } = await nextVersion(name.replace(/\W+/g, '-'), edit)
    const { breaks } = whatBreaks(recorded, '/v1', spec, current)
    expect(breaks.map(({ step, kind }) => ({ step, kind }))).toEqual(expected)
    for (const broken of breaks) expect(broken.why.length).toBeGreaterThan(10)
  })

  test('a response field now required is named, on every recorded answer that lacks it', async () => {
    const { spec } = await nextVersion('pet-requires-nickname', petRequiresNickname)
    const { breaks } = whatBreaks(recorded, '/v1', spec, current)
    expect(breaks.map(({ step, kind }) => `${step} ${kind}`)).toEqual([
      '1 response no longer matches',
      '2 response no longer matches',
      '3 response no longer matches',
    ])
    expect(breaks[0]?.why).toMatch(/^the 200 body\/0 must have required property 'nickname'/)
    expect(breaks[1]?.why).toMatch(/^the 201 body must have required property 'nickname'/)
  })

  test('what it cannot judge it says, and why: no body, a body cut, no operation', async () => {
    const { spec } = await nextVersion('pet-requires-nickname', petRequiresNickname)
    const [list, create, get, missing] = recorded as [HarExchange, HarExchange, HarExchange, HarExchange]
    const { responseText: _, ...bodiless } = get
    const cut = { ...list, responseText: `${list.responseText?.slice(0, 40)}…` }
    const report = whatBreaks([cut, create, bodiless, missing], '/v1', spec, current)
    expect(report.breaks.map(({ step }) => step)).toEqual([2])
    expect(report.notJudged.map(({ step, reason }) => `${step} ${reason}`)).toEqual([
      `1 ${BODY_TRUNCATED}`,
      `3 ${NO_BODY}`,
    ])
    expect(report.responsesJudged).toBe(2)
    const noOperation = whatBreaks(readHar(noise), '/v1', current, current)
    expect(noOperation.breaks).toEqual([])
    expect(noOperation.invalid.map(({ request, reason }) => `${request}: ${reason}`)).toEqual([
      `GET /petz: ${NOT_AN_OPERATION} (no operation has this path; recorded 404)`,
      `DELETE /pets: ${NOT_AN_OPERATION} (/pets has no DELETE; recorded 405)`,
      `GET /pets?limit=5&limit=6: ${REFUSED} (limit must be given at most once; received 2 values; recorded 400)`,
    ])
    expect(noOperation.notJudged.map(({ request, reason }) => `${request}: ${reason}`)).toEqual([
      `OPTIONS /pets: ${NOT_AN_OPERATION} (an OPTIONS request: a CORS preflight; recorded 204)`,
    ])
  })

  test('the current document decides what was an operation (--current-spec), not the packaged one', async () => {
    const { spec: withoutGetPet } = await nextVersion('current-without-getPet', (d) => {
      delete d.paths['/pets/{petId}']
    })
    const report = whatBreaks(recorded, '/v1', withoutGetPet, withoutGetPet)
    expect(report.breaks).toEqual([])
    expect(report.invalid.map(({ step, reason }) => `${step} ${reason}`)).toEqual([
      `3 ${NOT_AN_OPERATION} (no operation has this path; recorded 200)`,
      `4 ${NOT_AN_OPERATION} (no operation has this path; recorded 404)`,
    ])
  })

  test("the command: the running mock's HAR against a Pet that requires a new field exits 1 naming it", async () => {
    const file = join(dir, 'journal.har')
    await writeFile(file, har)
    const { file: next } = await nextVersion('pet-requires-nickname', petRequiresNickname)
    const broken = await run(process.execPath, [cli, 'breaks', file, '--spec', next]).catch(
      (error: { code: number; stdout: string }) => error,
    )
    expect((broken as { code?: number }).code).toBe(1)
    expect(broken.stdout).toMatch(
      /^BREAKS {2}step 3 GET \/pets\/1: response no longer matches: the 200 body must have required property 'nickname'$/m,
    )
    expect(broken.stdout).toMatch(
      /^3 recorded interactions break under .* \(4 interactions recorded, 4 response bodies judged, 0 already invalid, 0 not judged\)$/m,
    )
  }, 60_000)

  test('the command: the same spec exits 0 on a typo, a 405 and a repeat (already invalid) and a preflight (not judged)', async () => {
    const file = join(dir, 'noise.har')
    await writeFile(file, noise)
    const fine = await run(process.execPath, [cli, 'breaks', file, '--spec', SAME])
    expect(fine.stdout).not.toMatch(/^BREAKS/m)
    for (const line of ['GET /petz', 'DELETE /pets', 'GET /pets\\?limit=5&limit=6'])
      expect(fine.stdout).toMatch(new RegExp(`^Already invalid: 1x .*: step \\d ${line}$`, 'm'))
    expect(fine.stdout).toMatch(
      /^Not judged: 1x not an operation of the current document .*: step \d OPTIONS \/pets$/m,
    )
    expect(fine.stdout).toMatch(
      /^Nothing recorded in .* breaks under .* \(5 interactions recorded, 1 response body judged, 3 already invalid, 1 not judged\)$/m,
    )
  }, 60_000)

  test("the command: the proxy's HAR of a lenient server (a repeat answered 200, no key, no 405) exits 0 on the same spec", async () => {
    const upstream = await startStack('node:http', KEY)
    const proxy = spawnCli(
      [BIN, 'proxy', '--upstream', upstream.baseUrl, '--port', '0', '-q'],
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    )
    try {
      const origin = await proxy.listening
      const auth = { authorization: `Bearer ${KEY}` }
      const statuses: number[] = []
      for (const [target, init] of [
        ['/pets?limit=5&limit=6', { headers: auth }],
        ['/pets?status=sold&status=sold', { headers: auth }],
        ['/pets', { method: 'DELETE', headers: auth }],
        ['/petz', { headers: auth }],
        ['/pets?limit=2', {}],
        ['/pets?limit=2', { headers: auth }],
      ] as const)
        statuses.push((await fetch(`${origin}/v1${target}`, init)).status)
      // The lenient server answers a repeat 200 and a method the path lacks 404: the document refuses both.
      expect(statuses).toEqual([200, 200, 404, 404, 401, 200])
      const file = join(dir, 'proxy.har')
      await writeFile(file, await (await fetch(`${origin}/__mock/requests.har`)).text())
      const fine = await run(process.execPath, [cli, 'breaks', file, '--spec', SAME])
      expect(fine.stdout).not.toMatch(/^BREAKS/m)
      expect(fine.stdout.match(/^Already invalid: .*$/gm)).toEqual([
        'Already invalid: 1x refused by the current document (limit must be given at most once; received 2 values; recorded 200): step 1 GET /pets?limit=5&limit=6',
        'Already invalid: 1x refused by the current document (status must be given at most once; received 2 values; recorded 200): step 2 GET /pets?status=sold&status=sold',
        'Already invalid: 1x not an operation of the current document (/pets has no DELETE; recorded 404): step 3 DELETE /pets',
        'Already invalid: 1x not an operation of the current document (no operation has this path; recorded 404): step 4 GET /petz',
        'Already invalid: 1x refused by the current document (sent without the key it needs; recorded 401): step 5 GET /pets?limit=2',
      ])
      expect(fine.stdout).toMatch(
        /^Nothing recorded in .* \(6 interactions recorded, 1 response body judged, 5 already invalid, 0 not judged\)$/m,
      )
    } finally {
      await upstream.stop()
    }
  }, 60_000)

  test('the command prints each break and exits 1; nothing broken exits 0; no --spec is a usage error', async () => {
    const file = join(dir, 'journal.har')
    await writeFile(file, har)
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

/** The evolution of tests/support/evolveSpec.ts, with Pet (the answers, not NewPet) requiring its new field. */
function petRequiresNickname(document: PetStoreDocument): void {
  const evolved = evolveSpec(document)
  Object.assign(document, evolved)
  const pet = schemas(document).Pet as { required?: string[] }
  pet.required = [...(pet.required ?? []), EVOLUTION.field]
}
