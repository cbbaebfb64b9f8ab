// Each shrunk failure is also an Arazzo 1.0.1 workflow under the reports folder, run as
// `npx @redocly/cli respect FILE --input apiKey=KEY --server petstore=BASE_URL`: it fails against
// the faulty server the suite ran against and passes against a conforming one (the HTTP mock). Respect
// takes about 2 s to start and well under 1 s a workflow here, so the test sends each side once.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { ARAZZO_FILE } from '../../contract-tests/report/toArazzo.ts'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..')
const RESPECT = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js')
const KEY = 'arazzo-round-trip-key'
// A created pet's status left out of the 201: the model phase's shortest failure is one createPet.
const faulty = createReferenceServer({ apiKey: KEY, fault: 'omits-submitted-status' })
const conforming = createHttpMock({ apiKeys: [KEY] })
let dir: string
let faultyUrl: string
let conformingUrl: string
let document: {
  sourceDescriptions: Array<{ name: string; url: string }>
  workflows: Array<{ workflowId: string }>
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-arazzo-'))
  await new Promise<void>((done) => faulty.listen(0, '127.0.0.1', done))
  faultyUrl = `http://127.0.0.1:${(faulty.address() as AddressInfo).port}/v1`
  conformingUrl = await listen(conforming, 0, '127.0.0.1')
  const suite = [join(ROOT, 'contract-tests', 'cli.ts'), '--base-url', faultyUrl, '--seed', '1']
  const failed = await run(process.execPath, [...suite, '--reports-dir', dir], {
    env: { ...process.env, PETSTORE_API_KEY: KEY },
  }).catch((error: { code: number; stdout: string }) => error)
  expect((failed as { code?: number }).code).toBe(1)
  document = JSON.parse(await readFile(join(dir, ARAZZO_FILE), 'utf8'))
}, 90_000)
afterAll(async () => {
  faulty.closeAllConnections()
  faulty.close()
  conforming.server.closeAllConnections()
  conforming.server.close()
  await rm(dir, { recursive: true, force: true })
})

/** `respect` on the written file against `server`, one workflow or all: its exit status. */
async function respect(server: string, workflow?: string): Promise<number> {
  const args = [
    RESPECT,
    'respect',
    join(dir, ARAZZO_FILE),
    '--input',
    `apiKey=${KEY}`,
    '--server',
    `petstore=${server}`,
  ]
  const done = await run(process.execPath, [...args, ...(workflow ? ['--workflow', workflow] : [])]).catch(
    (error: { code: number }) => error,
  )
  return (done as { code?: number }).code ?? 0
}

test('the file names the spec as `petstore`, takes the key as an input and never holds it', async () => {
  expect(document.sourceDescriptions).toEqual([
    { name: 'petstore', url: expect.any(String), type: 'openapi' },
  ])
  expect(resolve(dir, document.sourceDescriptions[0]?.url ?? '')).toBe(join(ROOT, 'spec', 'openapi.yaml'))
  expect(await readFile(join(dir, ARAZZO_FILE), 'utf8')).not.toContain(KEY)
  expect(document.workflows.map((w) => w.workflowId)).toContain('model_based_sequences-createPet-1')
})

test('the shrunk failure fails under respect against the faulty server, every workflow passes against the mock', async () => {
  expect(await respect(faultyUrl, 'model_based_sequences-createPet-1')).toBe(1)
  expect(await respect(conformingUrl)).toBe(0)
}, 60_000)
