// The CLI's session and journal settings reach the server: --max-sessions, --session-idle and
// --journal-size (and their environment variables) as a user starts it.
import { afterEach, expect, test } from '@jest/globals'
import { killStartedClis, startCli } from '../../support/startCli.ts'

afterEach(killStartedClis)

test('npm start -- --max-sessions, --session-idle and --journal-size bound the sessions and journals', async () => {
  const cli = startCli(['--port', '0', '--quiet', '--max-sessions', '2', '--journal-size', '2'], {
    PETSTORE_SESSION_IDLE: '7',
  })
  const base = await cli.listening
  const origin = base.replace(/\/v1$/, '')
  const call = (session: string, path: string) =>
    fetch(`${base}${path}`, {
      headers: { authorization: 'Bearer petstore-dev-key', 'x-mock-session': session },
    })
  for (const session of ['one', 'two', 'three']) await call(session, '/pets/1')
  for (const n of [1, 2, 3]) await call('three', `/pets/${n}`)
  const listed = (await (await fetch(`${origin}/__mock/sessions`)).json()) as {
    sessions: { name: string }[]
    evicted: number
    limits: { maxSessions: number; idleMs: number }
  }
  expect(listed.limits).toEqual({ maxSessions: 2, idleMs: 7 * 60_000 })
  expect(listed.sessions.map((session) => session.name)).toEqual(['two', 'three'])
  expect(listed.evicted).toBe(1)
  const journal = (await (
    await fetch(`${origin}/__mock/requests`, { headers: { 'x-mock-session': 'three' } })
  ).json()) as { path: string }[]
  expect(journal.map((entry) => entry.path)).toEqual(['/v1/pets/2', '/v1/pets/3'])
}, 30_000) // a hang guard for a busy machine (startCli itself waits up to 10 s), not a speed target

test('PETSTORE_MAX_MEMORY (and --max-memory) sets the memory budget every session shares', async () => {
  for (const [args, env] of [
    [['--max-memory', '3'], {}],
    [[], { PETSTORE_MAX_MEMORY: '3' }],
  ] as const) {
    const cli = startCli(['--port', '0', '--quiet', ...args], env)
    const origin = (await cli.listening).replace(/\/v1$/, '')
    const listed = (await (await fetch(`${origin}/__mock/sessions`)).json()) as {
      memory: { limitBytes: number }
    }
    expect(listed.memory.limitBytes).toBe(3 * 1024 * 1024)
  }
}, 30_000) // a hang guard for a busy machine, not a speed target
