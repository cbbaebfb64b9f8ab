// GET /__mock/coverage: what an app's real traffic (a session's journal) exercised of the document.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import type { Coverage } from '../../../coverage/coverageOf.ts'
import { startMock } from '../../support/startMock.ts'

let it: Awaited<ReturnType<typeof startMock>>
beforeAll(async () => {
  it = await startMock()
})
afterAll(async () => {
  await it.close()
})

const seen = (coverage: Coverage) =>
  coverage.items
    .filter((item) => item.seen > 0)
    .map((item) => `${item.dimension} ${item.operationId} ${item.key}`)

test("a session's coverage is what its own requests exercised, apart from other sessions'", async () => {
  await it.get('app', '/pets?status=sold&limit=5')
  await it.create('app', 'Rex')
  await it.get('app', '/pets/999999')
  await it.get('other', '/pets')
  const coverage = (await (await it.control('GET', 'coverage', 'app')).json()) as Coverage
  expect(seen(coverage)).toEqual(
    expect.arrayContaining([
      'statuses listPets 200',
      'enumValues listPets status=sold',
      'parameters listPets limit',
      'statuses createPet 201',
      'statuses getPet 404',
    ]),
  )
  expect(seen(coverage)).not.toContain('parameters listPets limit omitted')
  expect(coverage.dimensions.operations).toEqual({ covered: 3, total: 3, percent: 100 })
  expect(coverage.undocumented).toEqual([])
  const fresh = (await (await it.control('GET', 'coverage', 'nobody')).json()) as Coverage
  expect(fresh.dimensions.operations.covered).toBe(0)
})
