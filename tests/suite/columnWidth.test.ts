// A server that cuts names to a database column's width, behind a staging-like delay: the default
// run catches it (gap_values_exact sends names one past each common width), and so does the model
// phase on its own (its generators draw those lengths). The delay is small here; the figures at
// 100 ms are `npm run bench`'s (no timing is asserted in tests).
import { describe, expect, test } from '@jest/globals'
import { modelBasedSequences } from '../../contract-tests/checks/modelBasedSequences.ts'
import type { ContractReport, RunOptions } from '../../contract-tests/running/runContract.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'
import { runAgainstServer } from '../support/runAgainstServer.ts'

const API_KEY = 'column-key'
const LATENCY_MS = 20
const TEST_TIMEOUT_MS = 180_000

async function againstColumn(width: number, run: Partial<RunOptions> = {}): Promise<ContractReport> {
  const server = createReferenceServer({
    apiKey: API_KEY,
    pets: 130,
    nameColumnWidth: width,
    latencyMs: LATENCY_MS,
  })
  return runAgainstServer(server, { apiKey: API_KEY, timeoutMs: 5_000, ...run })
}

const failing = (report: ContractReport) =>
  report.results
    .filter((r) => r.outcome === 'fail' && r.level === 'required')
    .map((r) => `${r.check} ${r.operation}`)

describe.each([50, 255])('names cut to a VARCHAR(%i) column', (width) => {
  test(
    'a default run fails gap_values_exact, naming the name it cut',
    async () => {
      const report = await againstColumn(width)
      expect(failing(report)).toContain('gap_values_exact createPet')
      const messages = report.results
        .filter((r) => r.check === 'gap_values_exact')
        .flatMap((r) => r.findings.map((f) => f.message))
      expect(messages.join('\n')).toContain(`a name of ${width + 1} characters`)
    },
    TEST_TIMEOUT_MS,
  )

  test(
    'the model phase alone fails createPet with a shrunk script',
    async () => {
      const report = await againstColumn(width, { checks: [modelBasedSequences], seed: 50255 })
      expect(failing(report)).toContain('model_based_sequences createPet')
      const script = report.results.find((r) => r.check === 'model_based_sequences' && r.outcome === 'fail')
        ?.findings[0]?.script
      expect(script).toMatch(/differs in name/)
    },
    TEST_TIMEOUT_MS,
  )
})

test(
  'the same server with a wide enough column conforms',
  async () => {
    const report = await againstColumn(1_000, { budget: '60seq' })
    expect(failing(report)).toEqual([])
  },
  TEST_TIMEOUT_MS,
)
