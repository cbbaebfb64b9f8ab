import rows from '../../fixtures/contract-bad-bodies.json' with { type: 'json' }
import { exactJson, parseJsonLossless } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { plural } from '../../kit/text/plural.ts'
import type { SpecVocabulary } from '../../spec/runtime.ts'
import { NotJudged } from '../base/notJudged.ts'
import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type BodyViolation, bodyText, bodyViolations } from '../negative/bodyViolations.ts'
import { oncePer } from '../negative/oncePer.ts'
import { type Check, type CheckContext, type Finding, finding } from './Check.ts'
import { describeResponse, petsIn } from './describeResponse.ts'

/** fixtures/contract-bad-bodies.json: what the schema cannot imply; `{{name}}` becomes a pet name. */
export const BAD_BODIES = rows as Array<{ name: string; body: string; why: string }>

/** The request body schema of createPet, from the document the run was given. */
export function newPetSchema(context: { vocabulary: Pick<SpecVocabulary, 'operations'> }) {
  const schema =
    context.vocabulary.operations.get('createPet')?.requestBody?.content['application/json']?.schema
  if (!schema) throw new Error('spec/openapi.yaml: createPet has no application/json request body schema')
  return schema
}

/** Each violation sent, its answer and the markers its body carried; the ids of valid pets created just before and after, when integers. */
type Batch = {
  sent: Array<{ violation: BodyViolation; exchange: Exchange; markers: unknown[] }>
  fence?: [bigint, bigint]
}

const createdId = (exchange: Exchange): bigint | undefined => {
  const id = exchange.status === 201 ? petIdOf(exchange.json) : undefined
  return id !== undefined && /^-?\d{1,19}$/.test(id) ? BigInt(id) : undefined
}

/** Sends every generated violation once per run, between two valid creates (the fence). */
const sendViolations = oncePer(async (context: CheckContext): Promise<Batch> => {
  // Small integers a run is unlikely to share with other pets, and the suite's short pet names.
  const integers = 10_000 + Math.floor(Math.random() * 900_000)
  let next = 0
  const produced = new Set<unknown>()
  const mark = <T>(value: T): T => {
    produced.add(value)
    return value
  }
  const violations = bodyViolations(
    newPetSchema(context),
    { text: () => mark(context.petName('bad-body')), integer: () => mark(integers + next++) },
    context.generation.seed,
  )
  const markers = violations.map((violation) => markerValues(violation.body).filter((v) => produced.has(v)))
  const fenceBody = () => JSON.stringify({ name: context.petName('fence'), categoryId: 1 })
  const create = (body: string) => context.call('createPet', {}, { body, kind: 'valid' })
  const before = await create(fenceBody())
  const exchanges = await inPool(violations, 8, (violation) => create(bodyText(violation.body)))
  const after = await create(fenceBody())
  const sent = violations.map((violation, i) => ({
    violation,
    exchange: exchanges[i] as Exchange,
    markers: markers[i] ?? [],
  }))
  const [low, high] = [createdId(before), createdId(after)]
  return low !== undefined && high !== undefined ? { sent, fence: [low, high] } : { sent }
})

function markerValues(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null) return []
  const values = (
    Array.isArray(body) ? body.flatMap((item) => Object.values(item ?? {})) : Object.values(body)
  ).flat()
  return values.filter((value) => (typeof value === 'string' && value !== '') || typeof value === 'number')
}

/** §4.2 rule 1, §7: every body the createPet schema forbids gets 400; generated from the spec, never listed by hand. */
export const badBodiesRejected: Check = {
  name: 'bad_bodies_rejected',
  level: 'required',
  description: () =>
    'createPet answers 400 to every body the spec’s NewPet schema forbids: each field of each wrong JSON type or null, out of its enum (other letter cases too) or int64 range, each required field missing, and bodies that are arrays, scalars or null (§4.2 rule 1, §7); the cases are generated from spec/openapi.yaml.',
  operations: ['createPet'],
  needs: ['write'],
  async run(context) {
    const { sent } = await sendViolations(context)
    const created = sent.filter(({ exchange }) => exchange.status >= 200 && exchange.status < 300).length
    const stored =
      created > 0
        ? ` (${plural(created, 'pet was', 'pets were')} created from invalid bodies in this run)`
        : ''
    const findings = sent
      .filter(({ exchange }) => exchange.status !== 400)
      .map(({ violation: { label }, exchange }) =>
        finding(
          exchange,
          'createPet',
          `${describeResponse(exchange)} for a body where ${label}${stored}`,
          `400 with an Error body: ${label}`,
        ),
      )
    return { findings }
  },
}

/** A refused body is never stored: no list (each status, maximum limit) nor getPet of the ids around them shows a marker. */
export const rejectedBodiesNotStored: Check = {
  name: 'rejected_bodies_not_stored',
  level: 'required',
  description: () =>
    'No body answered 400 is stored: afterwards, no pet carrying the marker of a refused body is listed (each status and none, maximum limit) or returned by getPet for the ids assigned around them (§4.2, §7).',
  operations: ['createPet'],
  needs: ['write', 'state'],
  async run(context) {
    const { sent, fence } = await sendViolations(context)
    const refused = sent.filter(({ exchange }) => exchange.status >= 400 && exchange.status < 500)
    // Nothing refused (each accepted, or never answered): nothing can be looked for, so not a pass.
    if (refused.length === 0)
      throw new NotJudged(
        'no bad body was refused with a 4xx (see bad_bodies_rejected and no_server_errors), so no refused body can be looked for',
      )
    const labelOf = new Map<unknown, string>()
    for (const { violation, markers } of refused)
      for (const marker of markers) labelOf.set(marker, violation.label)
    const { statuses, limit } = context.vocabulary
    const lists = await Promise.all(
      [undefined, ...statuses].map((status) => context.call('listPets', { limit: limit.maximum, status })),
    )
    // Sequential ids leave the refused bodies' would-be ids between the fence's two; ids with gaps
    // (snowflakes) leave too many to fetch, and only the lists are searched.
    const gap = fence ? fence[1] - fence[0] : 0n
    const between =
      fence && gap > 1n && gap <= BigInt(4 * sent.length)
        ? Array.from({ length: Number(gap) - 1 }, (_, i) => fence[0] + 1n + BigInt(i))
        : []
    const fetched = await inPool(between, 8, (id) => context.call('getPet', { petId: id }))
    const findings: Finding[] = []
    const seen = new Set<unknown>()
    for (const exchange of [...lists, ...fetched]) {
      const pets = petsIn(exchange) ?? (exchange.status === 200 && exchange.json ? [exchange.json] : [])
      for (const pet of pets as Array<Record<string, unknown>>) {
        const byName = labelOf.get(pet.name)
        const byCategory =
          typeof pet.name === 'string' && !labelOf.has(pet.name) ? undefined : labelOf.get(pet.categoryId)
        const label = byName ?? byCategory
        const id = petIdOf(pet) ?? pet.id
        if (!label || seen.has(id)) continue
        seen.add(id)
        const answered = refused.find((r) => r.violation.label === label)?.exchange.status
        const received = `${exchange.request.method} ${exchange.request.path} shows ${toJsonText(exactJson(pet))}, created from a body answered ${answered} (${label})`
        findings.push(finding(exchange, 'createPet', received, 'a refused body leaves nothing in the store'))
      }
    }
    return { findings }
  },
}

/** The rows of fixtures/contract-bad-bodies.json as sent, none that is not JSON for Prism (it never answers one). */
export function malformedBodies(context: CheckContext): Array<{ input: string; body: string; why: string }> {
  const rows = BAD_BODIES.map(({ name, body, why }) => ({
    input: name,
    body: body.replaceAll('{{name}}', context.petName('bad-body')),
    why,
  }))
  return rows.filter(
    ({ body }) => context.capabilities.has('malformed-json') || parseJsonLossless(body) !== undefined,
  )
}

/** fixtures/contract-bad-bodies.json: what no schema implies, where the spec decides a gap. */
export const malformedBodiesRejected: Check = {
  name: 'malformed_bodies_rejected',
  level: 'recommended',
  because:
    'the document does not show the answer to malformed JSON, an empty body or a client-chosen id (§4.2, §7); the spec answers 400.',
  description: () =>
    'createPet answers 400 to malformed JSON (an integer with a leading zero or a plus sign too), an empty body or a client-chosen id (fixtures/contract-bad-bodies.json: gaps the spec decides), and a 4xx to no body at all or a body of another media type.',
  operations: ['createPet'],
  needs: ['write'],
  async run(context) {
    // Near misses of the body's media type too: no body at all, a valid one as text/plain, a form.
    // The document shows no answer to them: a 4xx says no; a 5xx is never an answer (no_server_errors).
    const valid = JSON.stringify({ name: context.petName('media'), categoryId: 1 })
    const media = (input: string, type: string, body?: string) => ({
      input,
      options: {
        kind: 'gap' as const,
        ...(body !== undefined && { body, headers: { 'content-type': type } }),
      },
      refused: (status: number) => status >= 400 && status < 500,
      expected: 'a 4xx with an Error body (§4.2: the body is application/json)',
    })
    const cases = [
      media('no body at all', ''),
      media('a valid NewPet sent as text/plain', 'text/plain', valid),
      media('a form body', 'application/x-www-form-urlencoded', 'name=x&categoryId=1'),
      ...malformedBodies(context).map(({ input, body, why }) => ({
        input,
        options: { body, kind: 'gap' as const },
        refused: (status: number) => status === 400,
        expected: `400 with an Error body: ${why}`,
      })),
    ]
    const findings: Finding[] = []
    for (const { input, options, refused, expected } of cases) {
      const exchange = await context.call('createPet', {}, options)
      if (!refused(exchange.status))
        findings.push(finding(exchange, 'createPet', `${describeResponse(exchange)} for ${input}`, expected))
    }
    return { findings }
  },
}
