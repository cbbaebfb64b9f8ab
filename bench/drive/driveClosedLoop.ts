import { KeepAliveConnection } from './KeepAliveConnection.ts'

/** What the bench's own driver counted in one window (autocannon's `requests.total`, `non2xx`, `errors`). */
export interface ClosedLoopResult {
  requests: number
  non2xx: number
  errors: number
}

/**
 * The bench's own load driver: `connections` keep-alive connections on 127.0.0.1:`port`, each sending
 * the next of `requests` (in turn, as autocannon's `requests` list) as soon as the last is answered,
 * until `seconds` have passed. A failed connection is counted as an error and not reopened, so a
 * server that drops connections shows as errors and fewer requests, never as speed.
 */
export async function driveClosedLoop(
  port: number,
  requests: readonly Buffer[],
  options: { connections: number; seconds: number },
  onLatency?: (ms: number) => void,
): Promise<ClosedLoopResult> {
  if (requests.length === 0) throw new Error('no request to send')
  const result: ClosedLoopResult = { requests: 0, non2xx: 0, errors: 0 }
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => KeepAliveConnection.open(port)),
  )
  const deadline = performance.now() + options.seconds * 1000
  const loop = async (connection: KeepAliveConnection, first: number): Promise<void> => {
    for (let next = first; performance.now() < deadline; next++) {
      const sent = performance.now()
      try {
        const response = await connection.send(requests[next % requests.length] as Buffer)
        onLatency?.(performance.now() - sent)
        result.requests++
        if (response.status < 200 || response.status > 299) result.non2xx++
      } catch {
        result.errors++
        return
      }
    }
  }
  try {
    await Promise.all(connections.map((connection, index) => loop(connection, index)))
  } finally {
    for (const connection of connections) connection.close()
  }
  return result
}
