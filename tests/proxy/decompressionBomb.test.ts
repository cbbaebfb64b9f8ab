// Decompression bombs through the real proxy process: 841 bytes of brotli and 1 MiB of gzip, each
// standing for 1 GiB, three of each at once. Each is forwarded as sent and marked not judged (no
// false violation), and the proxy's peak resident memory stays far below even one decoded bomb:
// its judge decodes at most its 1 MiB bound of each.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { BROTLI_GIB, gzipGib } from '../support/compressionBombs.ts'
import { getRaw, headerValues, type Listening, listenOn } from '../support/rawExchange.ts'
import { killStartedClis, spawnCli } from '../support/startCli.ts'

const BIN = new URL('../../bin/petstore-mock.ts', import.meta.url).pathname
const REPORT_MAX_RSS = new URL('../support/reportMaxRss.ts', import.meta.url).pathname
/** Far below one decoded bomb (1 GiB), far above the proxy's own ~100 MiB: a bound on memory, not time. */
const PEAK_RSS_BOUND_MIB = 320

const BOMBS: Readonly<Record<string, Buffer>> = { br: BROTLI_GIB, gzip: gzipGib() }

let upstream: Listening
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'proxy-bomb-'))
  upstream = await listenOn((request, response) => {
    const coding = String(request.headers['x-test-bomb'])
    const bomb = BOMBS[coding] as Buffer
    response.writeHead(200, [
      'Content-Type',
      'application/json',
      'Content-Encoding',
      coding,
      'Content-Length',
      String(bomb.length),
    ])
    response.end(bomb)
  })
})
afterEach(killStartedClis)
afterAll(async () => {
  await upstream.close()
  await rm(dir, { recursive: true, force: true })
})

describe('decompression bombs through the proxy process', () => {
  test('three brotli and three gzip bombs of 1 GiB at once: forwarded unchanged, not judged, memory bounded', async () => {
    const rssFile = join(dir, 'max-rss')
    const cli = spawnCli(
      [
        '--import',
        REPORT_MAX_RSS,
        BIN,
        'proxy',
        '--upstream',
        `${upstream.origin}/v1`,
        '--port',
        '0',
        '--quiet',
      ],
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      { PETSTORE_MAX_RSS_FILE: rssFile },
    )
    const origin = await cli.listening
    const codings = ['br', 'gzip', 'br', 'gzip', 'br', 'gzip']
    const answers = await Promise.all(
      codings.map((coding) =>
        getRaw(`${origin}/v1/pets`, { authorization: 'Bearer petstore-dev-key', 'x-test-bomb': coding }),
      ),
    )
    for (const [index, answer] of answers.entries()) {
      const coding = codings[index] as string
      expect(answer.status).toBe(200)
      expect(headerValues(answer, 'content-encoding')).toEqual([coding])
      expect(answer.body.equals(BOMBS[coding] as Buffer)).toBe(true)
      expect(headerValues(answer, 'x-petstore-not-judged').join()).toMatch(/decodes to over 1048576 bytes/)
    }
    const report = (await (await fetch(`${origin}/__mock/violations`)).json()) as { total: number }
    expect(report.total).toBe(0)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    const peakMiB = Number(await readFile(rssFile, 'utf8')) / 1024
    expect(peakMiB).toBeGreaterThan(0)
    // 6 GiB decoded in all had the proxy decoded them whole; even one would pass the bound.
    expect(peakMiB).toBeLessThan(PEAK_RSS_BOUND_MIB)
  })
})
