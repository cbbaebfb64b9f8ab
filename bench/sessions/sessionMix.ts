import type { AutocannonRequest } from 'autocannon'

export type MixOperation = 'createPet' | 'listPets' | 'getPet'

/**
 * Each session's requests in turn, repeated: 2 creates, 3 lists, 5 reads by id in 10, the reads of a
 * shared mock's users. A session's first request is a create, so even a short run (--quick) gives
 * every session a pet of its own to look for.
 */
export const SESSION_MIX: readonly MixOperation[] = [
  'createPet',
  'listPets',
  'getPet',
  'listPets',
  'getPet',
  'getPet',
  'createPet',
  'getPet',
  'listPets',
  'getPet',
]

/** The seeded ids 1..45: every server of the bench answers them. */
const SEEDED = 45

/** What request `index` of the mixed load is: whose (session number), and which operation. */
export interface MixedRequest {
  session: number
  /** The session's own request count so far (0 for its first). */
  step: number
  operation: MixOperation
  request: AutocannonRequest
}

/** The name a pet created by `session` at `step` gets: only that session may ever see it. */
export const petName = (session: number, step: number): string => `s${session}p${step}`

/** The session of a pet name made by `petName`, or undefined for any other name (the seed's). */
export function sessionOfName(name: unknown): number | undefined {
  const match = typeof name === 'string' ? /^s(\d+)p\d+$/.exec(name) : null
  return match ? Number(match[1]) : undefined
}

/**
 * Request `index` of a mixed load over `sessions` sessions: the sessions take turns (request k is
 * session k mod n's), each walking `SESSION_MIX`.
 *
 * @example
 * mixedRequest(1001, 1000, '/v1', 'k').operation // 'listPets' (session 1's second request)
 */
export function mixedRequest(
  index: number,
  sessions: number,
  basePath: string,
  apiKey: string,
): MixedRequest {
  const session = index % sessions
  const step = Math.floor(index / sessions)
  const operation = SESSION_MIX[step % SESSION_MIX.length] as MixOperation
  const headers = { authorization: `Bearer ${apiKey}`, 'x-mock-session': sessionName(session) }
  const request: AutocannonRequest =
    operation === 'createPet'
      ? {
          method: 'POST',
          path: `${basePath}/pets`,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: petName(session, step), categoryId: 1 }),
        }
      : operation === 'listPets'
        ? { method: 'GET', path: `${basePath}/pets?limit=20`, headers }
        : { method: 'GET', path: `${basePath}/pets/${((step * 7 + session) % SEEDED) + 1}`, headers }
  return { session, step, operation, request }
}

/** The `X-Mock-Session` value of session number `session`. */
export const sessionName = (session: number): string => `bench-${session}`

/** The status each operation answers when it succeeds. */
export const EXPECTED_STATUS: Readonly<Record<MixOperation, number>> = {
  createPet: 201,
  listPets: 200,
  getPet: 200,
}

/**
 * What is wrong with what `session` sees, or undefined when it is isolated: its list (limit 100)
 * holds exactly the pets it created, none of another session's, and none lost.
 *
 * @example
 * isolationProblem(3, ['Rex', 's3p0'], ['s3p0']) // undefined
 * isolationProblem(3, ['s4p0'], ['s3p0'])       // 'session 3 sees s4p0 of session 4; lost s3p0'
 */
export function isolationProblem(
  session: number,
  listedNames: readonly unknown[],
  createdNames: readonly string[],
): string | undefined {
  const problems: string[] = []
  for (const name of listedNames) {
    const owner = sessionOfName(name)
    if (owner !== undefined && owner !== session) problems.push(`sees ${String(name)} of session ${owner}`)
  }
  const lost = createdNames.filter((name) => !listedNames.includes(name))
  if (lost.length > 0) problems.push(`lost ${lost.join(', ')}`)
  return problems.length === 0 ? undefined : `session ${session} ${problems.join('; ')}`
}
