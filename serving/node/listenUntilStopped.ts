import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exitWith } from '../../kit/text/say.ts'

/**
 * Starts listening and resolves the origin, e.g. `http://127.0.0.1:4010` (`[::1]` for IPv6).
 *
 * @example
 * await listenOn(server, 0, '127.0.0.1') // 'http://127.0.0.1:40231'
 */
export function listenOn(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      // Listening on a port and a host: always a TCP address.
      const { address, family, port: bound } = server.address() as AddressInfo
      resolve(`http://${family === 'IPv6' ? `[${address}]` : address}:${bound}`)
    })
  })
}

/**
 * What the mock's and the proxy's commands do once their server is built: listen (a busy port or an
 * address not on this machine is one line and exit 2), then on SIGINT or SIGTERM run `onStop` and
 * exit 0, every connection closed (a kept-alive one would hold the close open). Resolves the origin
 * once a stop is already a clean one, so the startup line can say it.
 *
 * @example
 * const origin = await listenUntilStopped(server, 'petstore-mock proxy', { port: 4020, host: '127.0.0.1' })
 */
export async function listenUntilStopped(
  server: Server,
  program: string,
  { port, host }: { port: number; host: string },
  onStop?: () => void,
): Promise<string> {
  const origin = await listenOn(server, port, host).catch((error: Error) =>
    exitWith(`${program}: cannot listen on ${host}:${port}: ${error.message}`),
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      onStop?.()
      server.close()
      server.closeAllConnections()
      process.exit(0)
    })
  return origin
}
