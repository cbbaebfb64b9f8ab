// The attacks of 2026-12-06 on the mock, through the real CLI with its defaults: 2,000 clients that ask for
// the largest answers that need no key (/__mock/export of a 6 MB store, /__mock/requests.har) and
// never read them. What is promised to them is counted against the budget until written, and the
// large answers are written in pieces as they are read (decision 044): the process stays within its
// documented bound (docs/mock.md) and a normal client is served as fast as alone, within 2x.
import { writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { medianMs, rssMiB, slowdown, stalledClients } from '../../support/stalledClients.ts'
import { killStartedClis, startCli } from '../../support/startCli.ts'

afterEach(killStartedClis)

/** What docs/mock.md promises for this shape: the process's resident set, whatever the number of readers. */
const DOCUMENTED_RSS_MIB = 320

describe('2,000 clients that never read the largest key-less answers', () => {
  test('keep the mock within its documented bound, and a normal client within 2x its time alone', async () => {
    const seed = join(tmpdir(), `petstore-promised-${process.pid}.json`)
    const pets = Array.from({ length: 3_000 }, (_, i) => ({
      id: i + 1,
      name: `pet ${i} ${'x'.repeat(2_000)}`,
      categoryId: 1,
    }))
    await writeFile(seed, JSON.stringify(pets))
    const cli = startCli(['--port', '0', '--quiet', '--seed', seed])
    const base = await cli.listening
    const { port } = new URL(base)
    const list = () =>
      fetch(`${base}/pets?limit=5`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    const head = 'HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'
    let peak = 0
    const ratio = await slowdown(list, async () => {
      const sockets = [
        ...(await stalledClients(Number(port), `GET /__mock/export ${head}`, 1_000)),
        ...(await stalledClients(Number(port), `GET /__mock/requests.har ${head}`, 1_000)),
      ]
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 300))
        peak = Math.max(peak, rssMiB(cli.child.pid as number))
      }
      const during = await medianMs(list)
      for (const socket of sockets) socket.destroy()
      return during
    })
    console.log(
      `mock: RSS peak ${peak.toFixed(0)} MiB with 2,000 readers that never read; a normal client at ${ratio.toFixed(2)}x its time alone`,
    )
    expect(peak).toBeLessThan(DOCUMENTED_RSS_MIB)
    expect(ratio).toBeLessThan(2)
    // A client that reads gets the whole export, as it was.
    expect(((await (await fetch(`${new URL(base).origin}/__mock/export`)).json()) as unknown[]).length).toBe(
      3_000,
    )
  }, 120_000)

  test('a client beside a 20,000-request pipeline waits less than 10x its time alone', async () => {
    const cli = startCli(['--port', '0', '--quiet'])
    const base = await cli.listening
    const list = () =>
      fetch(`${base}/pets?limit=1`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    const ratio = await slowdown(list, async () => {
      const pipeline = connect(Number(new URL(base).port), '127.0.0.1')
      pipeline.on('error', () => {})
      pipeline.on('data', () => {})
      const one =
        'GET /v1/pets?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer petstore-dev-key\r\n\r\n'
      pipeline.write(one.repeat(20_000))
      await new Promise((resolve) => setTimeout(resolve, 200))
      const during = await medianMs(list)
      pipeline.destroy()
      return during
    })
    console.log(`mock: a normal client beside a 20,000-request pipeline at ${ratio.toFixed(2)}x`)
    expect(ratio).toBeLessThan(10)
  }, 120_000)
})
