// A conforming server that closes every connection after its answer (`Connection: close`), ends
// each body by closing it as an HTTP/1.0-style server does, and now and then asks to be called back
// (429, or 503 with Retry-After): the model phase's fresh and reused reads and every invariant find
// nothing, and the retries are counted. See docs/contract-model-phase.md (Shared knowledge).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { expect, test } from '@jest/globals'
import { INVARIANT_CHECKS } from '../../contract-tests/checks/invariantChecks.ts'
import { modelBasedSequences } from '../../contract-tests/checks/modelBasedSequences.ts'
import { runContract } from '../../contract-tests/running/runContract.ts'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'

test('a server closing every connection and asking for retries now and then: no finding', async () => {
  const mock = createHttpMock({ selfCheck: true, latencyMs: { min: 0, max: 30 } })
  const [answer] = mock.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]
  mock.server.removeAllListeners('request')
  let requests = 0
  const asked = { again: 0, closed: 0, byClose: 0 }
  mock.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Node then answers `Connection: close` and ends the connection after the answer; an answer
    // written with no Content-Length is not chunked but ends with the connection (RFC 9112 §6.3),
    // as an HTTP/1.0 server's does.
    res.shouldKeepAlive = false
    res.useChunkedEncodingByDefault = false
    res.on('finish', () => {
      const framed =
        res.getHeader('content-length') !== undefined || res.getHeader('transfer-encoding') !== undefined
      if (!res.shouldKeepAlive) asked.closed++
      if (!framed) asked.byClose++
    })
    // A HEAD and the GET after it are one exchange, sent again whole: only the GET is asked, so each ask is one retry.
    if (req.url?.startsWith('/v1/') && req.method !== 'HEAD' && ++requests % 7 === 0) {
      // Counted once written whole: a request pipelined behind one this server closed after is never answered.
      res.on('finish', () => asked.again++)
      const status = requests % 2 === 0 ? 429 : 503
      req.resume()
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' })
      res.end(JSON.stringify({ code: 'busy', message: 'come back later', status }))
      return
    }
    answer?.call(mock.server, req, res)
  })
  const baseUrl = await listen(mock, 0, '127.0.0.1')
  try {
    const report = await runContract({
      baseUrl,
      apiKey: 'petstore-dev-key',
      checks: [modelBasedSequences, ...INVARIANT_CHECKS],
      budget: '25seq',
      concurrency: 4,
      seed: 39,
    })
    expect(report.results.filter((r) => r.outcome === 'fail').flatMap((r) => r.findings)).toEqual([])
    expect(report.generated?.sequences).toBe(25)
    expect(asked.again).toBeGreaterThan(5)
    // Every answer that asked to come back was sent again, not judged.
    expect(report.rateLimited?.responses).toBe(asked.again)
    expect(asked.closed).toBeGreaterThan(50)
    expect(asked.byClose).toBeGreaterThan(50)
  } finally {
    mock.server.closeAllConnections()
    await new Promise((resolve) => mock.server.close(resolve))
  }
}, 60_000)
