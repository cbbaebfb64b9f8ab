// Chaos on the state file (decision 013): the real CLI, SIGKILLed while 8 clients create, round
// after round on one file, and a full 600 KiB tmpfs. The rule under test: every create answered 201
// is there after a restart, with its fields; a create the disk cannot take is the documented 507.
// Bounded in rounds, requests and time; 127.0.0.1 only; children stopped by PID.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from '@jest/globals'
import { compileValidators, openApiDocument, type Pet } from '../../../spec/runtime.ts'
import { killStartedClis, startCli } from '../../support/startCli.ts'

const validators = compileValidators(openApiDocument)
const AUTH = { authorization: 'Bearer petstore-dev-key' }
const CLIENTS = 8
const ROUNDS = 6
/** Per round: the kill comes after a random number of acknowledged creates up to this. */
const MAX_ACKNOWLEDGED_BEFORE_KILL = 400
/** Per round and client: a hard stop, whatever happens. */
const MAX_ATTEMPTS_PER_CLIENT = 400

afterEach(() => killStartedClis())

/** Jest's limit for a chaos test: a hang fails it; the loops bound the work long before. */
const CHAOS_TIMEOUT_MS = 180_000

function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** A seed file with no pets, so ids and counts are the test's own. */
function emptySeed(): string {
  const path = join(scratch('petstore-chaos-seed-'), 'empty.json')
  writeFileSync(path, '[]')
  return path
}

function startOn(statePath: string, seed: string) {
  return startCli([
    '--port',
    '0',
    '--quiet',
    '--seed',
    seed,
    '--state-file',
    statePath,
    '--max-pets',
    '1000000',
  ])
}

function post(baseUrl: string, name: string, categoryId: number): Promise<Response> {
  return fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId, status: 'pending' }),
  })
}

/** Every pet the mock holds, through the export (one request, whatever the count). */
async function exported(baseUrl: string): Promise<Map<number, Pet>> {
  const response = await fetch(`${new URL(baseUrl).origin}/__mock/export`)
  expect(response.status).toBe(200)
  return new Map(((await response.json()) as Pet[]).map((pet) => [pet.id, pet]))
}

/** Every acknowledged pet is served, with the fields it was acknowledged with. */
async function expectAllKept(baseUrl: string, acknowledged: readonly Pet[]): Promise<void> {
  const held = await exported(baseUrl)
  const lost = acknowledged.filter((pet) => JSON.stringify(held.get(pet.id)) !== JSON.stringify(pet))
  expect({ lost: lost.length, of: acknowledged.length, firstLost: lost[0] }).toEqual({
    lost: 0,
    of: acknowledged.length,
    firstLost: undefined,
  })
  // And through the API itself, for a sample spread over the whole run.
  const step = Math.max(1, Math.floor(acknowledged.length / 20))
  for (let i = 0; i < acknowledged.length; i += step) {
    const pet = acknowledged[i] as Pet
    const response = await fetch(`${baseUrl}/pets/${pet.id}`, { headers: AUTH })
    expect(await response.json()).toEqual(pet)
  }
}

describe('SIGKILL during concurrent creates', () => {
  test(
    `${ROUNDS} rounds of ${CLIENTS} clients on one state file: no acknowledged create is lost`,
    async () => {
      const dir = scratch('petstore-chaos-kill-')
      const statePath = join(dir, 'pets.db')
      const seed = emptySeed()
      const acknowledged: Pet[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const cli = startOn(statePath, seed)
        const baseUrl = await cli.listening
        // Each start is also the check of the round before: everything acknowledged so far is there.
        await expectAllKept(baseUrl, acknowledged)
        const killAfter = 1 + Math.floor(Math.random() * MAX_ACKNOWLEDGED_BEFORE_KILL)
        let acknowledgedThisRound = 0
        const client = async (index: number) => {
          for (let attempt = 0; attempt < MAX_ATTEMPTS_PER_CLIENT && cli.child.exitCode === null; attempt++) {
            let response: Response
            try {
              response = await post(baseUrl, `r${round}-c${index}-${attempt}`, round * 1000 + index)
            } catch {
              return // killed under our feet: the in-flight create was never acknowledged
            }
            if (response.status !== 201) throw new Error(`create answered ${response.status}`)
            const pet = (await response.json()) as Pet
            acknowledged.push(pet)
            if (++acknowledgedThisRound === killAfter) cli.child.kill('SIGKILL')
          }
        }
        await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))
        if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL')
        await cli.exited
      }
      expect(new Set(acknowledged.map((pet) => pet.id)).size).toBe(acknowledged.length)
      const last = startOn(statePath, seed)
      await expectAllKept(await last.listening, acknowledged)
      last.child.kill('SIGTERM')
      expect(await last.exited).toBe(0)
      // A clean stop folds the write-ahead log into the file: nothing else is left beside it.
      expect(readdirSync(dir)).toEqual(['pets.db'])
    },
    CHAOS_TIMEOUT_MS,
  )
})

const isRoot = process.getuid?.() === 0
const inCi = process.env.CI === 'true'
// Mounting needs root. CI runs as root, so there the test must run: it fails rather than skips.
const rootTest = isRoot || inCi ? test : test.skip

describe('a full disk (a 600 KiB tmpfs; needs root to mount)', () => {
  rootTest(
    'no acknowledged create is lost; the rest get the documented 507; the mock restarts on the file',
    async () => {
      if (!isRoot) throw new Error('this test needs root to mount a tmpfs (CI runs it as root)')
      const mountPoint = scratch('petstore-chaos-tmpfs-')
      const statePath = join(mountPoint, 'pets.db')
      const seed = emptySeed()
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=600k', 'tmpfs', mountPoint])
      const children: ReturnType<typeof startOn>[] = []
      try {
        const first = startOn(statePath, seed)
        children.push(first)
        const baseUrl = await first.listening
        const acknowledged: Pet[] = []
        const refusals: unknown[] = []
        const client = async (index: number) => {
          // Stops after a few refusals each: the disk is full by then.
          for (let attempt = 0; attempt < 1000 && refusals.length < 20; attempt++) {
            const response = await post(baseUrl, `${'n'.repeat(1000)}-${index}-${attempt}`, index)
            if (response.status === 201) acknowledged.push((await response.json()) as Pet)
            else {
              expect(response.status).toBe(507)
              refusals.push(await response.json())
            }
          }
        }
        await Promise.all(Array.from({ length: 4 }, (_, index) => client(index)))
        expect(acknowledged.length).toBeGreaterThan(0)
        expect(refusals.length).toBeGreaterThan(0)
        for (const body of refusals) {
          expect(validators.response('createPet', 507)?.(body)).toBe(true)
          expect(body).toMatchObject({ code: 'storage_failed', status: 507 })
        }
        // Reads go on, and the health says why writes do not.
        expect((await fetch(`${baseUrl}/pets?limit=5`, { headers: AUTH })).status).toBe(200)
        const health = await (await fetch(`${new URL(baseUrl).origin}/__mock/health`)).json()
        expect(health).toMatchObject({ status: 'degraded', storage: { status: 'degraded' } })
        // The harshest stop on the full disk, then a restart on the same file.
        first.child.kill('SIGKILL')
        await first.exited
        const second = startOn(statePath, seed)
        children.push(second)
        const restarted = await second.listening
        await expectAllKept(restarted, acknowledged)
        const after = await post(restarted, 'after the restart', 1)
        expect([201, 507]).toContain(after.status)
      } finally {
        for (const child of children) {
          if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL')
          await child.exited
        }
        execFileSync('umount', [mountPoint])
        rmSync(mountPoint, { recursive: true, force: true })
      }
    },
    CHAOS_TIMEOUT_MS,
  )
})
