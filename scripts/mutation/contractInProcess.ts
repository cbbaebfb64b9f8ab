// The command StrykerJS runs for every mutant of mocks/core/: the contract suite's default run
// against the MSW handlers in-process, with the engine's self-check off, so only the suite can kill
// a mutant. Exit 0: the suite passed (the mutant survived); 1: it failed (killed).
//
// A mutant is killed by any failed check, required or recommended (`--strict`): a recommended
// finding is still a fault the suite reported, and the unmutated mock passes every check
// (docs/mutation.md). MUTATION_STRICT=0 counts required checks only. With MUTATION_LEDGER=FILE each
// mutant appends one JSON line naming the checks that failed and their level, so one Stryker run
// gives both scores.
import { appendFileSync } from 'node:fs'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'

const BASE_URL = 'http://petstore.mutation.test/v1'
const API_KEY = 'mutation-key'
const strict = process.env.MUTATION_STRICT !== '0'
const ledger = process.env.MUTATION_LEDGER

const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY] })
mock.server.listen({ onUnhandledFrame: 'error' })
try {
  // A fixed seed and a count of sequences, not the default time budget: every mutant meets the same
  // search, so a score is comparable between runs and no mutant survives by a slow machine's luck.
  const report = await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict, seed: 1, budget: '40runs' })
  const failures = report.results.filter((r) => r.outcome === 'fail')
  for (const failure of failures) console.log(`failed ${failure.level} ${failure.check} ${failure.operation}`)
  if (report.abort) console.log(`killed: ${report.abort}`)
  if (ledger) {
    const mutant = process.env.__STRYKER_ACTIVE_MUTANT__ ?? 'none'
    const failed = failures.map((f) => `${f.level}:${f.check}`)
    appendFileSync(ledger, `${JSON.stringify({ mutant, abort: report.abort ?? null, failed })}\n`)
  }
  process.exitCode = report.failed ? 1 : 0
} finally {
  mock.server.close()
}
