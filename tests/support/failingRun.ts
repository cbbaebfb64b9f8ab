import type { AddressInfo } from 'node:net'
import { CHECKS } from '../../contract-tests/checks/index.ts'
import { type ContractReport, runContract } from '../../contract-tests/running/runContract.ts'
import { createReferenceServer } from '../servers/referenceServer.ts'

/** A key with characters a shell would read if a line quoted it badly. */
export const FAILING_RUN_KEY = 'repro-key.~+/=$HOME'

/**
 * A run with a real bug and a few warnings, as users met it: a server that accepts any bearer token
 * (a required rule of §5 broken) and answers 422 where the document is silent and the spec says 400
 * (recommended checks warn). `firstPetName` names the first stored pet (markup, for the HTML page's
 * test). The server stays up for the caller's requests; `close` stops it.
 *
 * @example
 * const run = await failingRun(); try { ... run.report ... } finally { await run.close() }
 */
export async function failingRun(options: { firstPetName?: string } = {}): Promise<{
  report: ContractReport
  baseUrl: string
  close(): Promise<void>
}> {
  const server = createReferenceServer({
    pets: 130,
    apiKey: FAILING_RUN_KEY,
    fault: 'accepts-wrong-key',
    badLimit: 'reject-422',
    ...options,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  const close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  try {
    // Every check but the model phase (its own proof is tests/contract/modelPhase.test.ts).
    const checks = CHECKS.filter((check) => check.name !== 'model_based_sequences')
    const report = await runContract({
      baseUrl,
      apiKey: FAILING_RUN_KEY,
      checks,
      timeoutMs: 3_000,
      budget: '2runs',
    })
    return { report, baseUrl, close }
  } catch (error) {
    await close()
    throw error
  }
}
