// The suite, tested: against deliberately broken implementations (one fault each) it must fail with
// the right check named; against correct ones that choose differently where the interface document
// is silent it must pass at the required level.
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from '@jest/globals'
import { type ContractReport, runContract } from './runContract.ts'
import { createReferenceServer, type Fault, type ReferenceOptions } from './testing/referenceServer.ts'

const API_KEY = 'reference-key'

async function runAgainst(options: ReferenceOptions): Promise<ContractReport> {
  const server = createReferenceServer({ ...options, apiKey: API_KEY })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    return await runContract({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: API_KEY, timeoutMs: 1_000 })
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

const failing = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

const faults: Array<[Fault, string]> = [
  ['default-limit-25', 'default_limit listPets'],
  ['ignores-status-filter', 'status_filter listPets'],
  ['ignores-limit', 'limit_bounds listPets'],
  ['open-listPets', 'missing_key_rejected listPets'],
  ['open-createPet', 'missing_key_rejected createPet'],
  ['open-getPet', 'missing_key_rejected getPet'],
  ['accepts-wrong-key', 'wrong_key_rejected listPets'],
  ['error-status-mismatch', 'error_body_conformance getPet'],
  ['error-without-code', 'error_body_conformance createPet'],
  ['accepts-missing-categoryId', 'bad_bodies_rejected createPet'],
  ['accepts-missing-name', 'bad_bodies_rejected createPet'],
  ['accepts-bad-status', 'bad_bodies_rejected createPet'],
  ['no-state', 'create_round_trip getPet'],
  ['duplicate-ids', 'unique_ids createPet'],
  ['crashes-on-bad-limit', 'no_server_errors listPets'],
  ['getPet-200-for-unknown', 'unknown_pet_not_found getPet'],
  ['text-plain-responses', 'content_type_conformance listPets'],
  ['create-answers-200', 'status_code_conformance createPet'],
  ['drops-submitted-name', 'create_round_trip createPet'],
  ['list-not-array', 'response_schema_conformance listPets'],
  ['hangs-on-unknown-status', 'no_server_errors listPets'],
]

describe('the suite fails a broken implementation, naming the check', () => {
  test.each(faults)('%s → %s', async (fault, expected) => {
    const report = await runAgainst({ fault })
    expect(report.abort).toBeUndefined()
    expect(failing(report)).toContain(expected)
    expect(report.failed).toBe(true)
  })
})

const variations: Array<[string, ReferenceOptions]> = [
  ['the reference implementation as it is', {}],
  ['no status stored when omitted', { defaultStatus: 'none' }],
  ['pending when status is omitted', { defaultStatus: 'pending' }],
  ['ids from 1000', { ids: 'from-1000' }],
  ['random large ids', { ids: 'random' }],
  ['newest first', { newestFirst: true }],
  ['clamping an out-of-range limit', { badLimit: 'clamp' }],
  ['422 for an out-of-range limit', { badLimit: 'reject-422' }],
]

describe('the suite passes a correct implementation that chooses differently where the document is silent', () => {
  test.each(variations)('%s', async (_name, variation) => {
    const report = await runAgainst(variation)
    expect(failing(report)).toEqual([])
    expect(report.failed).toBe(false)
  })

  test('recommended checks still report those choices, and fail the run with strict', async () => {
    const report = await runAgainst({ badLimit: 'clamp' })
    const recommended = report.results
      .filter((r) => r.outcome === 'fail' && r.level === 'recommended')
      .map((r) => r.check)
    expect(recommended).toContain('limit_out_of_range_rejected')
  })
})
