import { parseJsonLossless } from '../../kit/json/exactJson.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { type Exchange, WRONG_KEY } from './exchange.ts'

/**
 * A failure's requests as Arazzo 1.0.1 steps for `redocly respect` (decisions/046): by operationId,
 * with the call's values, the body verbatim, the key as `{$inputs.apiKey}`, a petId an earlier 201
 * gave read from its step. The last step holds the status `expected` names alone and what the
 * request decides: getPet's pet; a page's `limit` and `status`; NewPet's `fields` of a created pet.
 * Undefined when a request cannot be written (several Authorization lines, own headers, raw target).
 *
 * @example
 * arazzoSteps([exchange], '404 with an Error body for id 7') // [{ stepId: 's1', operationId: 'getPet', … }]
 */
export function arazzoSteps(exchanges: readonly Exchange[], expected: string, fields: string[] = []) {
  const steps: Array<Record<string, unknown>> = []
  const created = new Map<string, { step: Record<string, unknown>; body: unknown }>()
  for (const { request, status, json } of exchanges) {
    const { operation, parameters = [], body, auth } = request
    if (!operation || !request.parameters || request.authorization || request.headers) return undefined
    if (new Set(parameters.map((p) => p.name)).size < parameters.length) return undefined
    const petId = parameters.find((p) => p.in === 'path')?.value ?? ''
    const maker = created.get(petId)
    if (maker) maker.step.outputs = { id: '$response.body#/id' }
    const id = maker ? `$steps.${maker.step.stepId}.outputs.id` : petId
    const bearer = `Bearer ${auth === 'wrong' ? WRONG_KEY : '{$inputs.apiKey}'}`
    const key = auth === 'none' ? [] : [{ name: 'Authorization', in: 'header', value: bearer }]
    const step: Record<string, unknown> = { stepId: `s${steps.length + 1}`, operationId: operation }
    step.parameters = [...key, ...parameters.map((p) => (p.in === 'path' ? { ...p, value: id } : p))]
    // A media type with a parameter: respect sends a string payload as it is, an int64 included.
    if (body !== undefined)
      step.requestBody = { contentType: 'application/json; charset=utf-8', payload: body }
    steps.push(step)
    const sent = parseJsonLossless(body ?? '')
    if (status === 201 && petIdOf(json)) created.set(petIdOf(json) as string, { step, body: sent })
    if (steps.length < exchanges.length) continue
    const named = /^([1-5]\d\d) /.exec(expected)?.[1]
    const only = named && !/,? or |\(or\b/.test(expected) && (operation !== 'getPet' || maker)
    const criteria: object[] = only ? [{ condition: `$statusCode == ${named}` }] : []
    if (maker) criteria.push({ condition: `$response.body#/id == ${id}` })
    // Each rule on the body lets an Error (it has a `code`) by: the status judges that one.
    const rules: string[] = []
    const value = (name: string) => parameters.find((p) => p.in === 'query' && p.name === name)?.value
    if (auth === 'wrong' || auth === 'none') {
      // A refused key: the status judges it.
    } else if (maker) rules.push(...kept(maker.body, fields))
    else if (operation === 'createPet') rules.push(...kept(sent, fields))
    else if (/^-?\d+$/.test(petId)) rules.push(`$[?@.id == ${petId} || @.code]`)
    else {
      const limit = value('limit') ?? ''
      if (/^\d+$/.test(limit)) rules.push(`$[?length(@) <= ${limit} || @.code]`)
      const filter = value('status')
      if (filter) rules.push(`$[?count(@[?@.status != ${JSON.stringify(filter)}]) == 0 || @.code]`)
    }
    criteria.push(...rules.map((condition) => ({ context: '$response.body', type: 'jsonpath', condition })))
    if (criteria.length > 0) step.successCriteria = criteria
  }
  return steps
}

/** That a pet carries each of `fields` as `body` gave it, or it is an Error (JSON.parse would round a big integer: left out). */
function kept(body: unknown, fields: readonly string[]): string[] {
  const pet = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  return fields
    .filter((f) => ['string', 'boolean'].includes(typeof pet[f]) || Number.isSafeInteger(pet[f]))
    .map((f) => `$[?@[${JSON.stringify(f)}] == ${JSON.stringify(pet[f])} || @.code]`)
}
