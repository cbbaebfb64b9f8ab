import { isDeepStrictEqual } from 'node:util'
import { exactJson } from '../../kit/json/exactJson.ts'
import { LIST_PARAMETERS } from '../../spec/runtime.ts'
import { callRequest } from '../http/callRequest.ts'
import type { Exchange, ProbeRequest } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { DEFAULT_FORM, FORM_DIMENSIONS, formFor, type RequestForm } from '../http/requestForm.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type Check, finding, type OperationName } from './Check.ts'
import { countIn, describeResponse, petsIn } from './describeResponse.ts'
import { everyExchange } from './everyExchange.ts'

const RFCS = 'RFC 9110, 9112, 3986 and 8259 make them one request'

/**
 * The metamorphic relation of HTTP: one request in every form the standards make equivalent (each
 * dimension of requestForm.ts changed alone) gets the answer of the default form. Each meaning's answer
 * is one the document decides, so a difference is required; a form an RFC lets the target refuse,
 * refused, is forms_refused's (recommended).
 *
 * @example
 * // createPet sent chunked answered 400, sent with Content-Length 201 → a finding naming both forms
 */
export const formsEquivalent: Check = {
  name: 'forms_equivalent',
  level: 'required',
  description: () =>
    'One request gets the same answer in every form HTTP allows (RFC 9110, 9112, 3986, 8259: chunked or Content-Length, HTTP/1.0, Expect, TCP segments, a HEAD first, pipelined, field-name case and whitespace, any Accept, a percent-encoded query, JSON whitespace, member order and escapes): the same status, the same pet.',
  operations: ['listPets', 'getPet', 'createPet'],
  needs: ['state'],
  async run(context) {
    const { operations, limit, statuses, readOnlyFields, pet } = context.vocabulary
    const fixed = { form: DEFAULT_FORM }
    const listed = petsIn(await context.call('listPets', { limit: limit.minimum }, fixed))?.[0]
    const id = petIdOf(listed)
    const write = context.capabilities.has('write')
    const body = JSON.stringify({
      name: `${context.petName('forms')} é😀`,
      categoryId: 1,
      status: statuses[0],
    })
    const meanings: ProbeRequest[] = [
      callRequest(operations, 'listPets', { limit: limit.default, status: statuses[0] }),
      // Behind prism proxy a request without a key is answered by Prism itself.
      ...(context.capabilities.has('own-auth-errors')
        ? [callRequest(operations, 'listPets', {}, { auth: 'none' })]
        : []),
      ...(id === undefined ? [] : [callRequest(operations, 'getPet', { petId: id })]),
      ...(write ? [callRequest(operations, 'createPet', {}, { body })] : []),
    ]
    // A pet reads the same in any form, every field Pet declares but those the service assigns (a
    // created one has a new id; fields Pet does not declare, a timestamp, may differ); a page holds
    // as many pets, of the same statuses (its order and members may differ: §4.1 shows no order).
    const compared = pet.fields.filter((field) => !readOnlyFields.includes(field))
    const facts = (exchange: Exchange) => {
      if (exchange.request.operation === 'listPets')
        return [
          countIn(exchange),
          [...new Set(petsIn(exchange)?.map((one) => one[LIST_PARAMETERS.status]))].sort(),
        ]
      if (exchange.status >= 300 || typeof exchange.json !== 'object' || exchange.json === null)
        return undefined
      const read = exactJson(exchange.json) as Record<string, unknown>
      return compared.map((field) => read[field])
    }
    const references = await Promise.all(meanings.map((meaning) => context.send({ ...meaning, ...fixed })))
    const pairs = meanings.flatMap((meaning, i) =>
      Object.entries(FORM_DIMENSIONS)
        .flatMap(([d, values]) =>
          values.slice(1).map((value) => ({ ...DEFAULT_FORM, [d]: value }) as RequestForm),
        )
        .map((form) => formFor(form, meaning))
        .filter((form) => !isDeepStrictEqual(form, DEFAULT_FORM))
        .map((form) => ({ meaning, form, reference: references[i] as Exchange })),
    )
    // Two at a time: every answer may be 1 MiB of any shape, parsed; eight at once held the most.
    // Findings in the pairs' order, not the answers': the three a report keeps are the same each run.
    const found = await inPool(pairs, 2, async ({ meaning, form, reference }) => {
      const exchange = await context.send({ ...meaning, form })
      // Sent in the default form after all (in process, or a refusal: forms_refused reports it).
      if (exchange.form === undefined) return
      if (exchange.status === reference.status && isDeepStrictEqual(facts(exchange), facts(reference))) return
      const received = `${describeResponse(exchange)} for ${meaning.method} ${meaning.path} written as: ${exchange.form}`
      const expected = `${describeResponse(reference)} and the same pet, as written in the default form: ${RFCS}`
      return finding(exchange, meaning.operation as OperationName, received, expected)
    })
    const skipped = {
      ...(id === undefined && {
        getPet: 'not judged: no list returned a pet with an id to read in every form',
      }),
      ...(!write && { createPet: 'read-only run: this check creates pets' }),
    }
    return { findings: found.filter((f) => f !== undefined), skipped }
  },
}

/**
 * A form of a request an RFC lets the target refuse (HTTP/1.0: 505 or 426; chunked: 411; Expect:
 * 417; whitespace after a value, which stock stacks keep), refused where the default form was
 * answered otherwise, or a HEAD answered unlike its GET: recommended, since the RFC leaves the choice.
 */
export const formsRefused = everyExchange(
  {
    name: 'forms_refused',
    level: 'recommended',
    because:
      'RFC 9110 and 9112 let a server refuse HTTP/1.0, chunked bodies and Expect, and answer HEAD with other fields; a client that sends them is refused there.',
    description: () =>
      'Every form of a request an RFC lets the target refuse (HTTP/1.0, chunked, Expect, whitespace after a value) gets the answer of the default form, and a HEAD the status and Content-Type of its GET.',
    needs: ['forms'],
  },
  (exchange) => {
    const { unlike, request } = exchange
    if (!unlike) return undefined
    const received = `${unlike.answer} for ${request.method} ${request.path} written as: ${unlike.form}; ${exchange.status} written as: ${exchange.form ?? 'the default form'}`
    return finding(exchange, exchange.operation, received, 'the same answer in every form HTTP allows')
  },
)
