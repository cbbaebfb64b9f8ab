import { toJsonText as show } from '../kit/json/toJsonText.ts'
import type { InterfaceModel } from './interfaceModel.ts'
import { isNeutralNewPet } from './isNeutralNewPet.ts'
import { isPet } from './isPet.ts'
import { keptAsSent } from './keptAsSent.ts'
import type { Problem } from './Problem.ts'
import type { StoreKnowledge } from './StoreKnowledge.ts'

/** What came back for one createPet, the body read exactly (see `exactJson`). */
export interface Answer {
  status: number
  body: unknown
  error?: string | undefined
}

/**
 * Judges the answer to one createPet and, on 201, adds the pet to the knowledge (the ledger of
 * accepted writes). A 201 must carry every submitted field NewPet declares exactly (one it does not
 * declare is the server's to keep, drop or refuse) and an id no known pet has; a
 * field the body omitted may take any documented value, which then must read the same everywhere.
 * A refusal is allowed only with a 4xx and only for a body that holds a value in a gap of the
 * document (`isNeutralNewPet`); whether it is 400 is for the recommended checks. A 5xx the document
 * lists for createPet (`createRefusals`), with an Error body saying so, stored nothing: allowed.
 *
 * @example
 * judgeCreate(model, knowledge, { name: 'Rex', categoryId: 1, status: 'sold' }, { status: 201, body: { id: 5, name: 'Rex', categoryId: 1, status: 'sold' } }, 'step 1')
 * // undefined, and knowledge now holds pet 5
 */
export function judgeCreate(
  model: InterfaceModel,
  knowledge: StoreKnowledge,
  submitted: Readonly<Record<string, unknown>>,
  answer: Answer,
  step: string,
): Problem | undefined {
  const fields = Object.keys(model.newPet.properties)
  // A field NewPet does not declare is a gap (see above): never compared, and its body may be refused.
  const undeclared = Object.keys(submitted).filter((field) => !Object.hasOwn(model.newPet.properties, field))
  const declared = Object.fromEntries(fields.filter((f) => f in submitted).map((f) => [f, submitted[f]]))
  // Where the document is silent a server may refuse a value, but that is a rule about the value:
  // a body made only of values it accepted before (a repeated name, say) must be accepted again.
  const neutral = isNeutralNewPet(model, submitted)
  const refusable = !neutral && (undeclared.length > 0 || !knowledge.wasAccepted(fields, submitted))
  const why = neutral
    ? ''
    : refusable
      ? ' (or, since the body holds a value the document leaves open, a 4xx Error)'
      : ' (every value in it was accepted by an earlier 201, so it cannot be refused now)'
  const open =
    undeclared.length === 0
      ? ''
      : `; ${undeclared.map((f) => JSON.stringify(f)).join(', ')} not declared by NewPet: kept, dropped or refused as the server chooses`
  const documented = `201 with a Pet carrying exactly ${show(declared)} and a new id${why}${open}`
  const problem = (received: string): Problem => ({ operation: 'createPet', received, documented })
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && refusable) return undefined
  const errorStatus = (answer.body as { status?: unknown } | null | undefined)?.status
  if (model.createRefusals.includes(answer.status) && Number(errorStatus) === answer.status) return undefined
  const record = answer.body
  if (answer.status !== 201 || typeof record !== 'object' || record === null || Array.isArray(record))
    return problem(describe(answer))
  if (!isPet(record)) return problem(`201 with ${show(record)}: no integer id`)
  const differs = Object.keys(declared).filter((field) => !keptAsSent(record[field], submitted[field]))
  if (differs.length > 0) {
    const how = differs.map((f) => `${f}: sent ${escaped(submitted[f])}, received ${escaped(record[f])}`)
    return problem(`201 with ${show(record)} (differs in ${how.join('; ')})`)
  }
  const unlisted = Object.entries(model.newPet.properties).find(
    ([field, schema]) =>
      submitted[field] === undefined &&
      record[field] !== undefined &&
      Array.isArray(schema.enum) &&
      !schema.enum.includes(record[field]),
  )
  if (unlisted) return problem(`201 with ${show(record)}: ${unlisted[0]} is not one of the documented values`)
  const id = BigInt(record.id)
  // Known before this create started, or carried by another 201: either way not a new id.
  const owner = knowledge.claimed(id)
  if (owner)
    return problem(`201 with id ${id}, which pet ${show(owner.pet)} already has (${owner.learnedAt})`)
  knowledge.learn(record, true, `created in ${step}`)
  knowledge.accepted(fields, submitted)
  return undefined
}

/**
 * A short description of an answer, for "Received:".
 *
 * @example
 * describe({ status: 500, body: { oops: 1 } }) // '500 with {"oops":1}'
 */
export function describe(answer: Answer): string {
  if (answer.status === 0) return `no response (${answer.error ?? 'no answer'})`
  const body = answer.body === undefined ? 'no JSON body' : show(answer.body)
  return `${answer.status} with ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`
}

/** JSON with every non-ASCII character escaped, so `é` and `e` + U+0301 read differently in a message. */
function escaped(value: unknown): string {
  const text = value === undefined ? 'nothing' : show(value)
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
