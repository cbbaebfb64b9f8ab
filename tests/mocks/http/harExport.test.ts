// The mock's journal as HAR 1.2: valid against the HAR schema (the har-schema package), credentials
// redacted (request and response bodies alike), readable back by readHar, and measured by `petstore-contract coverage FILE.har`.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { coverageOf } from '../../../coverage/coverageOf.ts'
import { HarError, harObservations, readHar } from '../../../har/readHar.ts'
import { JOURNAL_BODY_CHARS } from '../../../kit/journal/journalEntry.ts'
import { defaultSpec } from '../../../spec/runtime.ts'
import { harValidator } from '../../support/harValidator.ts'
import { KEY, startMock } from '../../support/startMock.ts'

/** The mock's key, as a client might wrongly put it in a parameter that an error message echoes. */
const KEY_ECHOED = KEY

const run = promisify(execFile)

let it: Awaited<ReturnType<typeof startMock>>
let dir: string
beforeAll(async () => {
  it = await startMock()
  dir = await mkdtemp(join(tmpdir(), 'petstore-har-'))
})
afterAll(async () => {
  await it.close()
  await rm(dir, { recursive: true, force: true })
})

describe('GET /__mock/requests.har', () => {
  test('is HAR 1.2 the schema accepts, with request bodies, marks and no credential in clear', async () => {
    await it.get('app', '/pets?status=sold&limit=5&token=s3cret-token')
    await it.control('POST', 'next-response', 'app', { operation: 'getPet', status: 404 })
    await it.get('app', '/pets/1')
    await fetch(`${it.origin}/v1/pets`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer petstore-dev-key',
        'content-type': 'application/json',
        'x-mock-session': 'app',
      },
      body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'pending', password: 'hunter2-secret' }),
    })
    const response = await it.control('GET', 'requests.har', 'app')
    expect(response.status).toBe(200)
    const text = await response.text()
    const har = JSON.parse(text)
    const validate = await harValidator()
    expect(validate(har) ? [] : validate.errors).toEqual([])
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries).toHaveLength(3)
    const [list, get, create] = har.log.entries
    expect(list.request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/pets\?/)
    expect(get._forced).toBe('next-response')
    expect(get.response.status).toBe(404)
    expect(create.request.postData.text).toContain('"name":"Rex"')
    for (const secret of ['s3cret-token', 'hunter2-secret', 'petstore-dev-key'])
      expect(text).not.toContain(secret)
  })

  test('keeps response bodies bounded and redacted as request bodies are, and which calls had no key', async () => {
    // A 400 that echoes the key it was given in its message, a pet longer than the bound, and a
    // request with no Authorization header at all.
    await it.get('bodies', `/pets?limit=${KEY_ECHOED}`)
    await it.create('bodies', 'R'.repeat(JOURNAL_BODY_CHARS * 2))
    await fetch(`${it.origin}/v1/pets`, { headers: { 'x-mock-session': 'bodies' } })
    const text = await (await it.control('GET', 'requests.har', 'bodies')).text()
    const har = JSON.parse(text)
    const validate = await harValidator()
    expect(validate(har) ? [] : validate.errors).toEqual([])
    const [echoed, created, keyless] = har.log.entries
    expect(echoed.response.status).toBe(400)
    expect(JSON.parse(echoed.response.content.text)).toMatchObject({ code: expect.any(String), status: 400 })
    expect(text).not.toContain(KEY_ECHOED)
    expect(created.response.content.text).toHaveLength(JOURNAL_BODY_CHARS + 1)
    expect(created.response.content.text.endsWith('…')).toBe(true)
    expect(created.response.content.comment).toMatch(/clipped/)
    expect(keyless.response.status).toBe(401)
    expect(JSON.parse(keyless.response.content.text)).toMatchObject({ status: 401 })
    const authorization = (entry: { request: { headers: Array<{ name: string }> } }) =>
      entry.request.headers.some((header) => header.name.toLowerCase() === 'authorization')
    expect([echoed, created, keyless].map(authorization)).toEqual([true, true, false])
  })

  test('reads back, and `petstore-contract coverage` measures it with its gate', async () => {
    const har = await (await it.control('GET', 'requests.har', 'app')).text()
    const observations = harObservations(readHar(har), defaultSpec().router('/v1'))
    const coverage = coverageOf(defaultSpec().document, observations)
    expect(coverage.items.filter((i) => i.seen > 0).map((i) => `${i.operationId} ${i.key}`)).toEqual(
      expect.arrayContaining([
        'listPets status=sold',
        'getPet 404',
        'createPet 201',
        'createPet body.status=pending',
      ]),
    )
    const file = join(dir, 'journal.har')
    await writeFile(file, har)
    const cli = join(import.meta.dirname, '..', '..', '..', 'contract-tests', 'cli.ts')
    const passed = await run(process.execPath, [cli, 'coverage', file, '--min-coverage', 'operations=100'])
    expect(passed.stdout).toMatch(/^ {2}operations {6}3\/3 {4}100%$/m)
    expect(passed.stdout).toMatch(
      /^ {4}documented-statuses +\d+\/8 +[\d.]+% {2}\(the interface document lists them\)/m,
    )
    const gated = await gatedBy(file, 'statuses=100')
    expect(gated.code).toBe(1)
    expect(gated.stdout).toMatch(/^Coverage below --min-coverage: statuses .* never observed$/m)
    await writeFile(join(dir, 'not.har'), '{"log":{}}')
    const usage = await run(process.execPath, [cli, 'coverage', join(dir, 'not.har')]).catch(
      (error: { code: number; stderr: string }) => error,
    )
    expect((usage as { code?: number }).code).toBe(2)
    expect((usage as { stderr: string }).stderr).toMatch(
      /^petstore-contract coverage: not a HAR: no log\.entries array/,
    )
  }, 60_000)
})

describe('a gate real traffic can meet', () => {
  test('documented-statuses=100 passes on traffic that met every status the interface document lists', async () => {
    // Each status of §4 and §7, as an app meets them: a page, a create, a fetch, a missing pet, a
    // bad body and calls without a key; never a 413, 415 or 507, which only the project's spec adds.
    const keyless = { 'x-mock-session': 'gate' }
    await it.get('gate', '/pets')
    await it.create('gate', 'Rex')
    await it.get('gate', '/pets/1')
    await it.get('gate', '/pets/999999')
    await fetch(`${it.origin}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...keyless },
      body: '{"name":"Rex"}',
    })
    for (const [method, path] of [
      ['GET', '/pets'],
      ['POST', '/pets'],
      ['GET', '/pets/1'],
    ] as const)
      await fetch(`${it.origin}/v1${path}`, { method, headers: keyless })
    const file = join(dir, 'gate.har')
    await writeFile(file, await (await it.control('GET', 'requests.har', 'gate')).text())
    const passed = await gatedBy(file, 'documented-statuses=100,operations=100')
    expect(passed.code).toBe(0)
    expect(passed.stdout).toMatch(/^ {4}documented-statuses +8\/8 +100% /m)
    const gated = await gatedBy(file, 'statuses=100')
    expect(gated.code).toBe(1)
    expect(gated.stdout).toMatch(
      /^Coverage below --min-coverage: statuses 61\.54% \(8\/13\) < 100%: listPets 400, createPet 413, createPet 415, createPet 507, getPet 400 never observed$/m,
    )
  }, 60_000)
})

/** `petstore-contract coverage FILE --min-coverage GATE`: its exit code and output, pass or fail. */
async function gatedBy(file: string, gate: string): Promise<{ code: number; stdout: string }> {
  const cli = join(import.meta.dirname, '..', '..', '..', 'contract-tests', 'cli.ts')
  return run(process.execPath, [cli, 'coverage', file, '--min-coverage', gate]).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  )
}

describe('readHar', () => {
  test('any text that is not a HAR is one HarError, never another failure', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          try {
            readHar(text)
            return true
          } catch (error) {
            return error instanceof HarError && error.message.length < 300
          }
        },
      ),
    )
  })

  test('a HAR over the bound is refused before it is parsed', () => {
    expect(() => readHar(`{"log":{"entries":[]}}${' '.repeat(100)}`, 50)).toThrow(/over 50 characters/)
    expect(readHar('{"log":{"entries":[]}}', 50)).toEqual([])
  })
})
