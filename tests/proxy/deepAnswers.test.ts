// An upstream answering bodies nested 20,000 deep (JSON.parse reads them; a recursive walk of them
// overflows the call stack): the proxy forwards each answer as sent and judges it, never a 502.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@jest/globals'
import { createProxy } from '../../proxy/createProxy.ts'
import { defaultSpec } from '../../spec/runtime.ts'

const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
// A run of 16 digits (here in a string) sends the text through the exact int64 reader.
const pet = (id: number) =>
  `{"id":${id},"name":${deep},"categoryId":1,"status":"sold","note":"1234567890123456"}`

test('answers nested 20,000 deep are forwarded as sent, by every route, and judged', async () => {
  const answers: Record<string, [number, string]> = {
    'GET /v1/pets': [200, `[${pet(1)}]`],
    'GET /v1/pets/1': [200, pet(1)],
    'GET /v1/pets/2': [200, pet(1)],
    'POST /v1/pets': [201, pet(3)],
  }
  const upstream = createServer((request, response) => {
    request.resume()
    const [status, text] = answers[`${request.method} ${request.url}`] ?? [404, '{}']
    response.writeHead(status, { 'content-type': 'application/json' }).end(text)
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const proxy = createProxy({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    spec: defaultSpec(),
  })
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`
  try {
    // Twice each: the second read of a pet compares it with the first.
    for (const round of [1, 2])
      for (const [call, [status, text]] of Object.entries(answers)) {
        const [method, path] = call.split(' ') as [string, string]
        const got = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
          ...(method === 'POST' && { body: `{"name":${deep},"categoryId":1}` }),
        })
        expect([round, call, got.status]).toEqual([round, call, status])
        expect(await got.text()).toBe(text)
      }
    expect(proxy.violations().kept.length).toBeGreaterThan(0)
  } finally {
    proxy.server.closeAllConnections()
    upstream.closeAllConnections()
    await new Promise((resolve) => proxy.server.close(resolve))
    await new Promise((resolve) => upstream.close(resolve))
  }
}, 30_000)
