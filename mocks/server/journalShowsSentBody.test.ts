// The journal keeps a mock answer's value, not its text (kit/journal/journalEntry.ts): the text is
// made again when the journal is read. Whatever happens between the answer and the read (creates,
// resets with a seed or without, forced answers, Prefer, other sessions, eviction by count or idle
// time), `GET /__mock/requests` and the HAR export show the body that was sent, byte for byte.
import { expect, test } from '@jest/globals'
import fc from 'fast-check'
import { apiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { JOURNAL_BODY_CHARS } from '../../kit/journal/journalEntry.ts'
import type { JournalEntry } from '../../kit/journal/RequestJournal.ts'
import { jsonText } from '../../kit/json/jsonChunks.ts'
import { createRedactor } from '../../kit/secrets/createRedactor.ts'
import { redactBody } from '../../kit/secrets/redactBody.ts'
import { DEFAULT_API_KEY } from '../core/createEngine.ts'
import { createMockServer } from './createMockServer.ts'
import { SESSION_HEADER } from './parseSessionName.ts'

type Step =
  | { kind: 'create'; name: string; categoryId: number; status?: string }
  | { kind: 'list'; limit: number; status?: string }
  | { kind: 'get'; id: number }
  | { kind: 'reset'; seed: boolean }
  | { kind: 'force' }
  | { kind: 'prefer'; code: number }
  | { kind: 'wait' }

/** An answer as it was sent: its text and its status (which decides whether its `code` shows). */
type Sent = { text: string; status: number }

const statuses = ['available', 'pending', 'sold']
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        kind: fc.constant('create' as const),
        name: fc.oneof(fc.string({ maxLength: 8 }), fc.string({ minLength: 3_000, maxLength: 5_000 })),
        categoryId: fc.integer(),
        status: fc.constantFrom(...statuses),
      },
      { requiredKeys: ['kind', 'name', 'categoryId'] },
    ),
  },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        kind: fc.constant('list' as const),
        limit: fc.integer({ min: 1, max: 100 }),
        status: fc.constantFrom(...statuses),
      },
      { requiredKeys: ['kind', 'limit'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('get' as const), id: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), seed: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'force' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('prefer' as const), code: fc.constantFrom(200, 401) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'wait' as const }) },
)

/**
 * What the journal shows of an answer it was sent whole, as it showed it when it kept the text: its
 * first JOURNAL_BODY_CHARS (and a key's length more), credential-named fields hidden (an error
 * answer's identifier `code` shown: decisions/038-error-codes-shown.md), clipped with `…`.
 */
function shown({ text, status }: Sent): string {
  const kept = text.slice(0, JOURNAL_BODY_CHARS + DEFAULT_API_KEY.length)
  const hidden = redactBody(kept, createRedactor([DEFAULT_API_KEY]), status)
  return hidden.length > JOURNAL_BODY_CHARS || text.length > JOURNAL_BODY_CHARS
    ? `${hidden.slice(0, JOURNAL_BODY_CHARS)}…`
    : hidden
}

test('the journal and the HAR export show each answer as it was sent, whatever came after it', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), stepArbitrary), { minLength: 1, maxLength: 40 }),
      async (steps) => {
        let clock = 0
        const server = createMockServer({ sessions: { maxSessions: 2, idleMs: 1_000 }, now: () => clock })
        /** The bodies each live session's journal must show, in order. */
        const sent = new Map<string, Sent[]>()
        const call = async (
          session: string,
          method: string,
          target: string,
          body?: unknown,
          prefer?: string,
        ) => {
          const header = (name: string) =>
            name === 'authorization'
              ? `Bearer ${DEFAULT_API_KEY}`
              : name === SESSION_HEADER
                ? session
                : name === 'prefer'
                  ? prefer
                  : name === 'content-type' && body !== undefined
                    ? 'application/json'
                    : undefined
          const text = body === undefined ? undefined : JSON.stringify(body)
          return (await server.handle(apiRequest({ method, target, header, body: text }))) as ApiResponse
        }
        for (const [session, step] of steps) {
          let answer: ApiResponse | undefined
          if (step.kind === 'create') {
            const { kind: _, ...pet } = step
            answer = await call(session, 'POST', '/v1/pets', pet)
          } else if (step.kind === 'list')
            answer = await call(
              session,
              'GET',
              `/v1/pets?limit=${step.limit}${step.status ? `&status=${step.status}` : ''}`,
            )
          else if (step.kind === 'get') answer = await call(session, 'GET', `/v1/pets/${step.id}`)
          else if (step.kind === 'prefer')
            answer = await call(session, 'GET', '/v1/pets', undefined, `code=${step.code}`)
          else if (step.kind === 'reset') {
            const seed = step.seed ? [{ id: 1, name: 'Seeded', categoryId: 1, status: 'sold' }] : undefined
            expect((await call(session, 'POST', '/__mock/reset', seed)).status).toBe(200)
            sent.set(session, [])
          } else if (step.kind === 'force')
            await call(session, 'POST', '/__mock/next-response', { operation: 'listPets', status: 401 })
          else clock += 600
          if (answer)
            sent.set(session, [
              ...(sent.get(session) ?? []),
              { text: answer.text ?? '', status: answer.status },
            ])
          // Every session shows what it was sent; one evicted and made anew, what came after.
          for (const [name, bodies] of sent) {
            const live = JSON.parse(
              jsonText((await call(name, 'GET', '/__mock/requests')).body),
            ) as JournalEntry[]
            // Evicted meanwhile: the session made anew holds only what came after.
            const kept = bodies.slice(bodies.length - live.length)
            sent.set(name, kept)
            expect(live.map((entry) => entry.responseBody ?? '')).toEqual(kept.map(shown))
          }
        }
        for (const [name, bodies] of sent) {
          const har = JSON.parse(jsonText((await call(name, 'GET', '/__mock/requests.har')).body)) as {
            log: { entries: { response: { content: { text?: string } } }[] }
          }
          expect(har.log.entries.map((entry) => entry.response.content.text ?? '')).toEqual(bodies.map(shown))
        }
      },
    ),
    { numRuns: 60 },
  )
})
