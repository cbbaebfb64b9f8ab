// Only origin-form targets reach the one upstream. An absolute-form target naming another listener
// (with the client's Authorization), CONNECT to it, and targets that would splice into the
// upstream's URL are answered 4xx with an Error body, and that listener never sees a request.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { createProxy, type ValidatingProxy } from '../../proxy/createProxy.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { type Listening, listenOn } from '../support/rawExchange.ts'
import { sendRaw } from '../support/rawHttp.ts'

let other: Listening
let upstream: Listening
let proxies: ValidatingProxy[]
let ports: number[]

beforeAll(async () => {
  other = await listenOn((_request, response) => response.end('[]'))
  upstream = await listenOn((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('[]')
  })
  // A port-less upstream (port 80, where nothing of ours listens) and one with a port.
  proxies = [`http://127.0.0.1/v1`, `${upstream.origin}/v1`].map((url) =>
    createProxy({ upstream: url, spec: defaultSpec(), timeoutMs: 5_000 }),
  )
  ports = []
  for (const proxy of proxies) {
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
    ports.push((proxy.server.address() as AddressInfo).port)
  }
})

afterAll(async () => {
  for (const proxy of proxies) {
    proxy.server.closeAllConnections()
    await new Promise((resolve) => proxy.server.close(resolve))
  }
  await other.close()
  await upstream.close()
})

const targets = () => [
  `http://127.0.0.1:${other.port}/v1/pets`,
  `HTTP://127.0.0.1:${other.port}/v1/pets`,
  `https://127.0.0.1:${other.port}/v1/pets`,
  `http://user@127.0.0.1:${other.port}/v1/pets`,
  `:${other.port}/v1/pets`,
  `@127.0.0.1:${other.port}/v1/pets`,
  `.127.0.0.1:${other.port}/v1/pets`,
  '*',
]

describe('request targets the proxy forwards', () => {
  test('absolute-form and other non-origin targets get a 4xx Error body and never reach another listener', async () => {
    for (const port of ports)
      for (const target of targets()) {
        const answer = await sendRaw(
          port,
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer petstore-dev-key\r\nConnection: close\r\n\r\n`,
        )
        expect([target, answer.status]).toEqual([target, 400])
        expect(JSON.parse(answer.body)).toEqual({
          code: 'malformed_request',
          message: expect.any(String),
          status: 400,
        })
      }
    expect(other.seen).toHaveLength(0)
  })

  test('CONNECT (authority form) gets a 400 Error body and opens no tunnel', async () => {
    const answer = await sendRaw(
      ports[1] as number,
      `CONNECT 127.0.0.1:${other.port} HTTP/1.1\r\nHost: 127.0.0.1:${other.port}\r\n\r\n`,
    )
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'malformed_request', status: 400 })
    expect(other.seen).toHaveLength(0)
  })

  test.each([
    'http://proxyuser:s3cr3t-pass@127.0.0.1:9/v1',
    'http://s3cr3t-token@127.0.0.1:9/v1',
    'http://127.0.0.1:9/v1?token=s3cr3t',
    'ftp://127.0.0.1:9/v1',
  ])('an upstream of %s is refused before anything listens, the error quoting none of it', (url) => {
    let thrown: Error | undefined
    try {
      createProxy({ upstream: url, spec: defaultSpec() })
    } catch (error) {
      thrown = error as Error
    }
    expect(thrown?.message).toMatch(/^--upstream must/)
    expect(thrown?.message).not.toContain('s3cr3t')
  })

  test('an origin-form target still reaches the one upstream, and only it', async () => {
    const before = upstream.seen.length
    const response = await fetch(`http://127.0.0.1:${ports[1]}/v1/pets`, {
      headers: { authorization: 'Bearer petstore-dev-key' },
    })
    expect(response.status).toBe(200)
    expect(upstream.seen.length).toBe(before + 1)
    expect(upstream.seen.at(-1)?.headers.host).toBe(`127.0.0.1:${upstream.port}`)
    expect(other.seen).toHaveLength(0)
  })
})
