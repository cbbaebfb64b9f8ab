// The memory budget charges every value a pet holds, under any spec: a --spec whose Pet has an
// array field and a field of any type used to let each pet hold ~1 MB of parsed values for 200 bytes
// of budget (--max-memory 64 reached 1-1.3 GB RSS). The CLI, in its own process at --max-memory 64,
// is sent pets of each worst shape (the measured cheapest to charge per heap byte) until 507, and
// its RSS stays within the bound docs/sessions.md states. A body nested past MAX_BODY_DEPTH is a 400.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { bundleSpec, type JsonSchema } from '../../../spec/index.ts'
import { killStartedClis, startCli } from '../../support/startCli.ts'

const AUTH = 'Bearer petstore-dev-key'
const CLI_TIMEOUT_MS = 120_000
const linux = existsSync('/proc/self/status')
const MAX_MEMORY_MIB = 64
/** The most one journal entry is charged: its record and 4,096 characters of body, plus its URL. */
const JOURNAL_ENTRY_MAX_BYTES = 200 + 2 * (4_096 + 200)
/**
 * The RSS the mock may reach at --max-memory 64 with its budget full of the worst shapes: the mock
 * at rest (~70-110 MiB) plus the budget, plus V8's room to collect in (docs/sessions.md).
 */
const RSS_BOUND_MIB = 320
/** A body under the 64 KiB cap, its room left for the name and categoryId. */
const BODY_ROOM = 64 * 1024 - 200

/** Values of each worst shape that fill BODY_ROOM, as JSON text. */
const fill = (unit: string) =>
  `[${Array(Math.floor(BODY_ROOM / (unit.length + 1)) - 1)
    .fill(unit)
    .join(',')}]`
const SHAPES: Array<[string, () => string]> = [
  ['wide array of empty objects', () => fill('{}')],
  ['wide array of empty arrays', () => fill('[]')],
  [
    'nested arrays 500 deep, 60 of them',
    () =>
      `[${Array(60)
        .fill(`${'['.repeat(500)}${']'.repeat(500)}`)
        .join(',')}]`,
  ],
  [
    'many small keys',
    () => `{${Array.from({ length: 6_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`,
  ],
  ['long strings, distinct', () => JSON.stringify([`${Math.random()}${'é'.repeat(30_000)}`])],
]

function rssMiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1]) / 1024
}

let folder: string
let specFile: string
beforeAll(async () => {
  // The project's spec with two more NewPet (so Pet) fields: an array of anything, and anything.
  const document = structuredClone(await bundleSpec())
  const newPet = document.components.schemas.NewPet as { properties: Record<string, JsonSchema> }
  newPet.properties.tags = { type: 'array' }
  newPet.properties.extra = {}
  folder = mkdtempSync(join(tmpdir(), 'petstore-budget-shapes-'))
  specFile = join(folder, 'openapi.json')
  writeFileSync(specFile, JSON.stringify(document))
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))
afterEach(() => killStartedClis())

describe.each([linux ? 'the CLI' : 'the CLI (skipped: no /proc)'])('%s under --spec with open fields', () => {
  const maybe = linux ? test : test.skip

  maybe.each(SHAPES)(
    '%s: 507 at the budget, RSS within the stated bound',
    async (_shape, values) => {
      const cli = startCli([
        '--port',
        '0',
        '--quiet',
        '--spec',
        specFile,
        '--max-memory',
        String(MAX_MEMORY_MIB),
      ])
      const baseUrl = await cli.listening
      const pid = cli.child.pid as number
      let created = 0
      let peak = 0
      let full: Response | undefined
      for (let i = 0; i < 5_000 && !full; i++) {
        const body = `{"name":"p${i}","categoryId":1,"extra":${values()}}`
        const response = await fetch(`${baseUrl}/pets`, {
          method: 'POST',
          headers: { authorization: AUTH, 'content-type': 'application/json', 'x-mock-session': `w${i % 8}` },
          body,
        })
        await response.arrayBuffer()
        if (response.status === 201) created++
        else full = response
        if (i % 50 === 0) peak = Math.max(peak, rssMiB(pid))
      }
      peak = Math.max(peak, rssMiB(pid))
      expect(full?.status).toBe(507)
      // Deeper than the body's bound (the stack of JSON's readers and writers) is a 400, never a 500.
      const deep = await fetch(`${baseUrl}/pets`, {
        method: 'POST',
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        body: `{"name":"deep","categoryId":1,"extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      })
      expect(deep.status).toBe(400)
      expect(created).toBeGreaterThan(10)
      expect(peak).toBeLessThan(RSS_BOUND_MIB)
      const memory = (await (await fetch(`${new URL(baseUrl).origin}/__mock/sessions`)).json()) as {
        memory: { usedBytes: number; limitBytes: number }
      }
      // A journal entry is never refused: the budget may be passed by one entry a session (docs/sessions.md).
      expect(memory.memory.usedBytes).toBeLessThanOrEqual(
        memory.memory.limitBytes + 8 * JOURNAL_ENTRY_MAX_BYTES,
      )
    },
    CLI_TIMEOUT_MS,
  )
})
