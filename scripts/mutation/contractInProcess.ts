// The command StrykerJS runs for every mutant of mocks/core/: the contract suite's default run
// against the MSW handlers in-process, with the engine's self-check off, so only the suite can kill
// a mutant. Exit 0: the suite passed (the mutant survived); 1: it failed (killed).
//
// A mutant is killed by any failed check, required or recommended (`--strict`): a recommended
// finding is still a fault the suite reported, and the unmutated mock passes every check
// (docs/mutation.md). MUTATION_STRICT=0 counts required checks only. With MUTATION_LEDGER=FILE each
// mutant appends one JSON line naming the checks that failed and their level, so one Stryker run
// gives both scores.
//
// A mutant the default store lets live meets a second store: one pet at the highest id the mock
// holds (2^53 - 1), first on every page, then the seed and pets up to past a full page. A client sees
// that pet listed and asks for it; and the mock's ids are past 2^53 - 1, so creates take the lowest
// free id: paths no run from the default seed reaches (docs/mutation.md).
import { appendFileSync } from 'node:fs'
import { type ContractReport, runContract } from '../../contract-tests/running/runContract.ts'
import { createPetStoreMockServer, seedPets } from '../../mocks/node.ts'
import { defaultSpec, type Pet } from '../../spec/runtime.ts'

const BASE_URL = 'http://petstore.mutation.test/v1'
const API_KEY = 'mutation-key'
const strict = process.env.MUTATION_STRICT !== '0'
const ledger = process.env.MUTATION_LEDGER

const ledgerFailures: string[] = []
let abort: string | null = null
let failed = false
for (const [target, seed] of [
  ['default', undefined],
  ['past-safe-ids', pastSafeIds()],
] as const) {
  const report = await runAgainst(seed)
  const failures = report.results.filter((r) => r.outcome === 'fail')
  for (const failure of failures)
    console.log(`${target}: failed ${failure.level} ${failure.check} ${failure.operation}`)
  if (report.abort) console.log(`${target}: killed: ${report.abort}`)
  ledgerFailures.push(...failures.map((f) => `${f.level}:${f.check}@${target}`))
  abort ??= report.abort ?? null
  if (report.failed) {
    failed = true
    break
  }
}
if (ledger) {
  const mutant = process.env.__STRYKER_ACTIVE_MUTANT__ ?? 'none'
  appendFileSync(ledger, `${JSON.stringify({ mutant, abort, failed: ledgerFailures })}\n`)
}
process.exitCode = failed ? 1 : 0

async function runAgainst(seed: readonly Pet[] | undefined): Promise<ContractReport> {
  const mock = createPetStoreMockServer({ baseUrl: BASE_URL, apiKeys: [API_KEY], ...(seed && { seed }) })
  mock.server.listen({ onUnhandledFrame: 'error' })
  try {
    // A fixed seed and a count of sequences, not the default time budget: every mutant meets the same
    // search, so a score is comparable between runs and no mutant survives by a slow machine's luck.
    return await runContract({ baseUrl: BASE_URL, apiKey: API_KEY, strict, seed: 1, budget: '40runs' })
  } finally {
    mock.server.close()
  }
}

/** One pet at 2^53 - 1 (the first page shows it), the fixture seed, and pets after it up to past a full page. */
function pastSafeIds(): Pet[] {
  const page = defaultSpec().vocabulary.limit?.maximum ?? 100
  const highest = Math.max(...seedPets.map((pet) => pet.id))
  const more = Array.from({ length: Math.max(0, page + 1 - seedPets.length) }, (_, i) => ({
    ...(seedPets[i % seedPets.length] as Pet),
    id: highest + 1 + i,
  }))
  const last = { ...(seedPets[0] as Pet), id: Number.MAX_SAFE_INTEGER }
  return [last, ...seedPets, ...more]
}
