// The attacks of 2026-12-06 on the proxy, through the real CLI with its defaults: 2,000 clients that never
// read a 1 MiB answer, and one client pipelining 20,000 requests. The answer's bytes stay counted
// against --max-buffer-mib until written, and pipelined requests take turns with every other
// connection's (decision 044): the process stays within its documented bound (docs/proxy.md), and a
// normal client is served within 2x (slow readers) and 10x (the pipeline) of its time alone.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { medianMs, rssMiB, settled, slowdown, stalledClients } from '../support/stalledClients.ts'
import { killStartedClis, spawnCli } from '../support/startCli.ts'

/** What docs/proxy.md promises for these shapes: the process's resident set at the default budget. */
const DOCUMENTED_RSS_MIB = 400

const big = Buffer.from(JSON.stringify([{ id: 1, name: 'x'.repeat(1_040_000), categoryId: 1 }]))
const small = Buffer.from(JSON.stringify({ id: 2, name: 'Rex', categoryId: 1 }))
/** An upstream whose list is 1 MiB and whose pet 2 is small. */
const upstream = createServer((request, response) => {
  const body = request.url === '/v1/pets/2' ? small : big
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  response.end(body)
})
let upstreamUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`
})
afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})
afterEach(killStartedClis)

async function startProxy() {
  const cli = spawnCli(
    ['bin/petstore-mock.ts', 'proxy', '--upstream', upstreamUrl, '--port', '0', '--quiet'],
    /listening on (http:\S+?)\/v1,/,
  )
  const origin = await cli.listening
  const one = () => fetch(`${origin}/v1/pets/2`, { headers: { authorization: 'Bearer k' } })
  return { cli, port: Number(new URL(origin).port), one }
}

describe('the proxy under clients that hold what it sends', () => {
  test('2,000 clients that never read a 1 MiB answer: within the documented bound, a normal client within 2x', async () => {
    const { cli, port, one } = await startProxy()
    let peak = 0
    const ratio = await slowdown(one, async () => {
      const sockets = await stalledClients(
        port,
        'GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer k\r\n\r\n',
        2_000,
      )
      // Every one of them is forwarded and judged first (2 GiB through the proxy): what is measured
      // is what they hold once answered and never read.
      const pid = cli.child.pid as number
      const sampling = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 200)
      await settled(pid)
      clearInterval(sampling)
      const during = await medianMs(one)
      for (const socket of sockets) socket.destroy()
      return during
    })
    console.log(
      `proxy: RSS peak ${peak.toFixed(0)} MiB with 2,000 readers of 1 MiB that never read; a normal client at ${ratio.toFixed(2)}x`,
    )
    expect(peak).toBeLessThan(DOCUMENTED_RSS_MIB)
    expect(ratio).toBeLessThan(2)
  }, 120_000)

  test('a client beside a 20,000-request pipeline waits less than 10x its time alone', async () => {
    const { cli, port, one } = await startProxy()
    let peak = 0
    const ratio = await slowdown(one, async () => {
      const pipeline = connect(port, '127.0.0.1')
      pipeline.on('error', () => {})
      pipeline.on('data', () => {})
      pipeline.write(
        'GET /v1/pets/2 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer k\r\n\r\n'.repeat(20_000),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      const during = await medianMs(one)
      peak = rssMiB(cli.child.pid as number)
      pipeline.destroy()
      return during
    })
    console.log(
      `proxy: a normal client beside a 20,000-request pipeline at ${ratio.toFixed(2)}x; RSS ${peak.toFixed(0)} MiB`,
    )
    expect(ratio).toBeLessThan(10)
    expect(peak).toBeLessThan(DOCUMENTED_RSS_MIB)
  }, 120_000)
})
