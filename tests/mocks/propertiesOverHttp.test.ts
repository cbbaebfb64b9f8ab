// The arbitrary requests of mocks/properties.test.ts sent over HTTP (raw, over a socket) to the
// node:http adapter with its self-check on, so the adapter is held to the engine's rules.
import { afterAll, beforeAll, describe, test } from '@jest/globals'
import fc from 'fast-check'
import { createHttpMock, listen } from '../../mocks/http/createHttpMock.ts'
import { arbitraryRequest, expectNeverServerError } from '../support/arbitraryRequests.ts'
import { sendHttp } from '../support/rawHttp.ts'

describe('arbitrary requests', () => {
  describe('over HTTP', () => {
    const mock = createHttpMock({ selfCheck: true })
    let port = 0
    beforeAll(async () => {
      port = Number(new URL(await listen(mock, 0, '127.0.0.1')).port)
    })
    afterAll(async () => {
      mock.server.closeAllConnections()
      await new Promise((resolve) => mock.server.close(resolve))
    })

    test('never a 5xx; every 4xx is an Error body', async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryRequest, async (request) => {
          const response = await sendHttp(port, {
            method: request.method,
            path: request.url,
            headers: Object.entries(request.headers),
            ...(request.body !== undefined && { body: Buffer.from(request.body) }),
          })
          const parsed = response.body === '' ? undefined : JSON.parse(response.body)
          expectNeverServerError({ status: response.status, body: parsed }, request.method === 'HEAD')
        }),
        { numRuns: 150 },
      )
    })
  })
})
