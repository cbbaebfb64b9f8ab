// The HTTP mock's one memory budget, as a user runs it (the CLI in its own process, its RSS read from
// /proc): many sessions of maximal pets get 507 at the budget with the process's memory bounded, and
// sessions over a big --seed share it instead of copying it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { killStartedClis, startCli } from '../../support/startCli.ts'

const AUTH = 'Bearer petstore-dev-key'
/** Jest's limit for tests that start CLIs (a busy machine starts them slowly); none measures time. */
const CLI_TIMEOUT_MS = 120_000
const linux = existsSync('/proc/self/status')

afterEach(() => killStartedClis())

/** The resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1]) / 1024
}

function create(baseUrl: string, session: string, name: string): Promise<Response> {
  return fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify({ name, categoryId: 1 }),
  })
}

describe.each([linux ? 'the CLI' : 'the CLI (skipped: no /proc)'])('%s under one memory budget', () => {
  const maybe = linux ? test : test.skip

  maybe(
    '30 sessions creating pets with 65,000-character names get 507 store_full at --max-memory 64, and the RSS stays bounded',
    async () => {
      const cli = startCli(['--port', '0', '--quiet', '--max-memory', '64'])
      const baseUrl = await cli.listening
      const pid = cli.child.pid as number
      const name = 'N'.repeat(65_000) // near the 64 KiB body cap
      let created = 0
      let full: Response | undefined
      // ~130 KB of budget a pet: about 500 fit; without one budget, 30 sessions would take 30,000.
      for (let i = 0; i < 2_000 && !full; i++) {
        const response = await create(baseUrl, `worker-${i % 30}`, name)
        if (response.status === 201) {
          created++
          await response.arrayBuffer()
        } else full = response
      }
      expect(full?.status).toBe(507)
      expect(await full?.json()).toMatchObject({
        code: 'store_full',
        message: expect.stringMatching(/--max-memory/),
      })
      expect(created).toBeGreaterThan(300)
      expect(created).toBeLessThan(600)
      // 64 MiB of budget (counted at two bytes a character: ~35 MB of these one-byte names) on a mock
      // of ~70 MiB at rest: 350 MiB is a generous roof, and far below what 30 sessions unbounded take.
      expect(rssMiB(pid)).toBeLessThan(350)
      const memory = (await (await fetch(`${new URL(baseUrl).origin}/__mock/sessions`)).json()) as {
        memory: { usedBytes: number; limitBytes: number }
      }
      expect(memory.memory.limitBytes).toBe(64 * 1024 * 1024)
      expect(memory.memory.usedBytes).toBeLessThanOrEqual(memory.memory.limitBytes)
    },
    CLI_TIMEOUT_MS,
  )

  maybe(
    'sessions share a 100,000-pet --seed: 50 new sessions, each reset once, add little to the RSS',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'petstore-big-seed-'))
      const seedFile = join(folder, 'seed.json')
      const count = 100_000
      writeFileSync(
        seedFile,
        JSON.stringify(
          Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `pet ${i}`, categoryId: 1 })),
        ),
      )
      const cli = startCli(['--port', '0', '--quiet', '--seed', seedFile])
      const baseUrl = await cli.listening
      const pid = cli.child.pid as number
      const first = await fetch(`${baseUrl}/pets?limit=1`, {
        headers: { authorization: AUTH, 'x-mock-session': 's0' },
      })
      expect(first.status).toBe(200)
      const before = rssMiB(pid)
      for (let i = 1; i <= 50; i++) {
        const response = await fetch(`${baseUrl}/pets/${count}`, {
          headers: { authorization: AUTH, 'x-mock-session': `s${i}` },
        })
        expect(response.status).toBe(200)
        // A reset to the seed shares it again, not a copy made for the session.
        const reset = await fetch(`${new URL(baseUrl).origin}/__mock/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-mock-session': `s${i}` },
        })
        expect(reset.status).toBe(200)
      }
      // A copy of the seed's index is ~15 MiB: 50 copies would be 750.
      expect(rssMiB(pid) - before).toBeLessThan(60)
    },
    CLI_TIMEOUT_MS,
  )
})
