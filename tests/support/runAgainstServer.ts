import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type ContractReport,
  type RunOptions,
  runContract,
} from '../../contract-tests/running/runContract.ts'

/**
 * Runs the contract suite against a node:http server of the suite's own tests (a reference or
 * blind implementation): listens on a free port of 127.0.0.1, runs, and always closes the server.
 *
 * @example
 * await runAgainstServer(createReferenceServer({ apiKey: 'k' }), { apiKey: 'k', budget: '2runs' })
 */
export async function runAgainstServer(
  server: Server,
  run: Omit<RunOptions, 'baseUrl'>,
): Promise<ContractReport> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  try {
    return await runContract({ baseUrl: `http://127.0.0.1:${port}/v1`, ...run })
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}
