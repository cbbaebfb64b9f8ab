import { request } from 'node:http'

/**
 * The status of one GET (0 when the connection fails or takes longer than `timeoutMs`). A fresh
 * connection each time (`agent: false`), so a probe never holds a socket open on the server.
 */
export function getStatus(url: string, headers: Record<string, string>, timeoutMs = 1000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', headers, agent: false, timeout: timeoutMs }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    req.once('timeout', () => req.destroy())
    req.once('error', () => resolve(0))
    req.end()
  })
}
