// The command StrykerJS runs for every mutant of mocks/core/: the contract suite's default run
// against the MSW handlers in-process, with the engine's self-check off, so only the suite can kill
// a mutant. Exit 0: the suite passed (the mutant survived); 1: it failed (killed).
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer } from '../../mocks/node.ts'

const BASE_URL = 'http://petstore.mutation.test/v1'
const API_KEY = 'mutation-key'
const strict = process.env.MUTATION_STRICT === '1'

const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY] })
mock.server.listen({ onUnhandledFrame: 'error' })
try {
  // A fixed seed and a count of sequences, not the default time budget: every mutant meets the same
  // search, so a score is comparable between runs and no mutant survives by a slow machine's luck.
  const report = await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict, seed: 1, budget: '40runs' })
  const failures = report.results.filter((r) => r.outcome === 'fail' && (strict || r.level === 'required'))
  for (const failure of failures) console.log(`killed by ${failure.check} ${failure.operation}`)
  if (report.abort) console.log(`killed: ${report.abort}`)
  process.exitCode = report.failed ? 1 : 0
} finally {
  mock.server.close()
}
