// A replay holds every answer to the invariants through the suite's one judge (model/judgeInvariants.ts),
// a request the document leaves open too: a recorded `limit` past the maximum is no page the replay's
// model judges by its limit, yet the pets it shows must read as every other route shows them.
import { expect, test } from '@jest/globals'
import { defaultSpec } from '../../spec/runtime.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'
import { unspelled } from '../support/unspelled.ts'

const { limit } = defaultSpec().vocabulary
const maximum = limit?.maximum ?? 0

/** An app that lists one pet, then asks for more than the document allows (the server clamps). */
const recording = {
  basePath: '/v1',
  exchanges: [
    { method: 'GET', url: 'http://app.invalid/v1/pets?limit=1', status: 200 },
    { method: 'GET', url: `http://app.invalid/v1/pets?limit=${maximum + 1}`, status: 200 },
  ],
}

const replayAgainst = (fault?: 'clamped-list-other-category') =>
  runAgainstServer(
    createReferenceServer({ pets: 30, badLimit: 'clamp', ...(fault && { fault }), apiKey: 'replay-key' }),
    { apiKey: 'replay-key', replay: recording },
  )

const failed = (report: Awaited<ReturnType<typeof replayAgainst>>) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

test('a replayed answer to an open request that shows a pet otherwise fails pet_reads_same, and only it', async () => {
  const report = await replayAgainst('clamped-list-other-category')
  expect(failed(report)).toEqual(['pet_reads_same listPets'])
  const finding = report.results.find((r) => r.check === 'pet_reads_same')?.findings[0]
  expect(unspelled(finding?.curl)).toContain(`limit=${maximum + 1}`)
  expect(report.failed).toBe(true)
}, 60_000)

test('the same recording replayed against the server without the fault passes', async () => {
  const report = await replayAgainst()
  expect(failed(report)).toEqual([])
  expect(report.results.find((r) => r.check === 'pet_reads_same')?.outcome).toBe('pass')
}, 60_000)
