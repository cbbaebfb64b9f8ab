// What a run leaves in a shared store, read from the target itself (the mock's /__mock/export), not
// from the runner's own count: at most --max-creates pets, every name starting with the run's tag,
// and the reports saying how many, with their id range.
import { describe, expect, test } from '@jest/globals'
import { DEFAULT_MAX_CREATES } from '../../contract-tests/base/CreateBudget.ts'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { toJsonSummary } from '../../contract-tests/report/toJsonSummary.ts'
import { toJunitXml } from '../../contract-tests/report/toJunitXml.ts'
import { resolveTarget } from '../../contract-tests/running/ContractTarget.ts'
import { type ContractReport, runContract } from '../../contract-tests/running/runContract.ts'
import { startOwnMock } from '../support/startOwnMock.ts'

const API_KEY = 'footprint-key'

interface StoredPet {
  id: number
  name: unknown
}

/** Every pet the mock holds, as its control plane exports it. */
async function exported(baseUrl: string): Promise<StoredPet[]> {
  const response = await fetch(`${new URL(baseUrl).origin}/__mock/export`)
  return (await response.json()) as StoredPet[]
}

/** Runs against a fresh mock and returns the report with the pets the run added to the mock's store. */
async function runOnFreshMock(argv: string[]): Promise<{ report: ContractReport; added: StoredPet[] }> {
  const mock = await startOwnMock(API_KEY)
  try {
    const before = new Set((await exported(mock.baseUrl)).map((pet) => pet.id))
    const {
      help: _h,
      version: _v,
      ...target
    } = resolveTarget(['--base-url', mock.baseUrl, '--api-key', API_KEY, ...argv], {})
    const report = await runContract(target)
    const added = (await exported(mock.baseUrl)).filter((pet) => !before.has(pet.id))
    return { report, added }
  } finally {
    await mock.stop()
  }
}

describe('the footprint of a run', () => {
  test('a default run creates at most the default budget, every name starting with the run tag, and says so', async () => {
    const { report, added } = await runOnFreshMock([])
    expect(report.failed).toBe(false)
    const tag = `ct${report.runId.slice(-7)}`
    expect(added.length).toBeGreaterThan(100)
    expect(added.length).toBeLessThanOrEqual(DEFAULT_MAX_CREATES)
    expect(added.filter((pet) => typeof pet.name !== 'string' || !pet.name.startsWith(tag))).toEqual([])
    // Gap values still reach the store, tagged: names past common column widths among them.
    expect(added.some((pet) => String(pet.name).length === 256)).toBe(true)
    // The reports agree with what the store holds.
    const ids = added.map((pet) => pet.id)
    const footprint = {
      created: added.length,
      minId: String(Math.min(...ids)),
      maxId: String(Math.max(...ids)),
      tag,
      maxCreates: DEFAULT_MAX_CREATES,
    }
    expect(report.footprint).toMatchObject(footprint)
    expect(formatConsole(report)).toContain(
      `Footprint: ${added.length} pets created (ids ${footprint.minId} to ${footprint.maxId}), every name starting with ${tag}`,
    )
    expect(toJsonSummary(report)).toMatchObject({ footprint })
    expect(toJunitXml(report)).toContain(`<property name="footprint.created" value="${added.length}"/>`)
    expect(toJunitXml(report)).toContain(`<property name="footprint.maxId" value="${footprint.maxId}"/>`)
  })

  test('--max-creates 10 creates at most 10 pets; what needed more is skipped with the reason, never passed', async () => {
    const { report, added } = await runOnFreshMock(['--max-creates', '10', '--budget', '20seq'])
    expect(added.length).toBeLessThanOrEqual(10)
    expect(report.footprint?.created).toBe(added.length)
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([])
    const skippedForBudget = report.results.filter(
      (r) => r.outcome === 'skip' && /--max-creates/.test(r.reason ?? ''),
    )
    const names = new Set(skippedForBudget.map((r) => r.check))
    for (const check of ['create_round_trip', 'unique_ids', 'gap_values_exact', 'model_based_sequences'])
      expect(names).toContain(check)
    // The list rules lack data and say why.
    expect(report.results.find((r) => r.check === 'limit_bounds')?.reason).toMatch(/--max-creates/)
  })
})
