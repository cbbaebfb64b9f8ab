// Coverage of a contract run, end to end: the default run against the MSW mock in-process reports
// what it exercised, a --min-coverage it misses fails it naming the status never observed, and an
// evolved document's new values appear in the universe with no code change.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import { toJunitXml } from '../../contract-tests/report/toJunitXml.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { coverageUniverse } from '../../coverage/coverageUniverse.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'
import { bundleSpec, loadSpec } from '../../spec/index.ts'
import { EVOLUTION, evolveSpec } from '../support/evolveSpec.ts'

const BASE_URL = 'http://petstore.coverage/v1'
const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: ['coverage-key'] })
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => mock.server.close())

describe('coverage of a contract run', () => {
  test('the default run reports it in all three reports, and a --min-coverage it misses fails the run', async () => {
    const run = (minCoverage?: string) =>
      runContract({
        baseUrl: BASE_URL,
        apiKey: 'coverage-key',
        budget: '10seq',
        ...(minCoverage ? { minCoverage } : {}),
      })
    const plain = await run()
    expect(plain.failed).toBe(false)
    const coverage = plain.coverage
    if (!coverage) throw new Error('no coverage in the report')
    expect(coverage.dimensions.operations).toEqual({ covered: 3, total: 3, percent: 100 })
    expect(coverage.dimensions.statuses.covered).toBeGreaterThanOrEqual(10)
    const never = coverage.items
      .filter((i) => i.dimension === 'statuses' && i.seen === 0)
      .map((i) => `${i.operationId} ${i.key}`)
    expect(formatConsole(plain)).toMatch(/^Coverage of the document/m)
    expect((toJsonSummary(plain) as { coverage: { statuses: unknown } }).coverage.statuses).toEqual(
      coverage.dimensions.statuses,
    )
    expect(toJunitXml(plain)).toMatch(/<property name="coverage\.statuses" value="\d+\/\d+ \([\d.]+%\)"\/>/)

    const gated = await run('operations=100,statuses=100')
    if (never.length === 0) {
      expect(gated.failed).toBe(false)
      return
    }
    expect(gated.failed).toBe(true)
    expect(gated.coverageMissed).toEqual([expect.stringContaining(`${never[0]}`)])
    expect(formatConsole(gated)).toMatch(/^Coverage below --min-coverage: statuses .* never observed$/m)
    expect((await run('operations=100')).failed).toBe(false)
  }, 120_000)
})

describe("coverage's universe follows the document", () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-coverage-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('a new status value and a new operation appear with no code change', async () => {
    const path = join(dir, 'openapi.json')
    await writeFile(path, JSON.stringify(evolveSpec(await bundleSpec())))
    const items = coverageUniverse(await loadSpec(path)).map(
      (i) => `${i.dimension} ${i.operationId} ${i.key}`,
    )
    expect(items).toEqual(
      expect.arrayContaining([
        `enumValues listPets status=${EVOLUTION.status}`,
        `enumValues createPet body.status=${EVOLUTION.status}`,
        `operations ${EVOLUTION.mineOperation} `,
      ]),
    )
  })
})
