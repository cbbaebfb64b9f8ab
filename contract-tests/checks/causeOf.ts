import { exactField, exactJson, parseJsonLossless } from '../../kit/json/exactJson.ts'
import { toJsonText } from '../../kit/json/toJsonText.ts'
import { keptAsSent } from '../../model/keptAsSent.ts'
import type { Cause } from '../base/Finding.ts'
import type { Exchange } from '../http/exchange.ts'
import { petIdOf } from '../json/petIdOf.ts'
import { excerpt } from './describeResponse.ts'

/**
 * The fault an exchange shows, in terms the findings of every check on it share, so the reports
 * group them by cause: a getPet 200 of another pet than the id asked; a 201 that changed a field it
 * was sent (an integer beyond 2^53 read as a double, above all); else, when the rule wants another
 * status (`expected` starts with it), that status to that class of request (operation, target with
 * each integer by its sign, the key). Undefined when none applies: the reports group by the check.
 *
 * @example
 * causeOf(getPetOf1Answering2)?.says // 'getPet answered pet 2 for id 1'
 */
export function causeOf(exchange: Exchange, expected = ''): Cause | undefined {
  const { operation, method, path, auth, authorization } = exchange.request
  const { status } = exchange
  // Read by field, never copied whole: a copy of every failing 1 MiB answer took runs past their bound.
  const answer = status === 200 || status === 201 ? exchange.json : undefined
  const asked = /\/(-?\d+)$/.exec(path)?.[1]
  const got = operation === 'getPet' && asked ? petIdOf(answer) : undefined
  if (got !== undefined && BigInt(got) !== BigInt(asked as string)) {
    const fix = '§4.3: the 200 is the pet whose id is the petId in the path'
    return { key: 'getPet another pet', says: `getPet answered pet ${got} for id ${asked}`, fix }
  }
  const kept = (status === 201 && typeof answer === 'object' && answer) || {}
  for (const [field, sent] of Object.entries(status === 201 ? sentFields(exchange) : {})) {
    const value = exactJson(exactField(kept, field))
    if (!Object.hasOwn(kept, field) || keptAsSent(value, sent)) continue
    const says = `createPet kept ${field} ${excerpt(toJsonText(sent), 60)} as ${excerpt(toJsonText(value), 60)}`
    if (typeof sent !== 'bigint' || Number(sent) !== Number(value))
      return {
        key: `${field} changed`,
        says,
        fix: '§4.2 rule 2: the 201 carries the submitted fields as sent',
      }
    const fix = `§2: ${field} is an int64: read JSON numbers exactly (or refuse them with 400), never as doubles`
    return { key: `${field} read as a double`, says: `${says}: an integer beyond 2^53 read as a double`, fix }
  }
  const documented = /^\d{3}\b/.exec(expected)?.[0]
  if (!documented || documented === String(status) || authorization || (auth && auth !== 'valid')) return
  const target = path.replace(/-?\d+/g, (n) => (n.startsWith('-') ? '-n' : n === '0' ? '0' : 'n'))
  const says = `${operation} answered ${status || 'nothing'}, not ${documented}, to ${method} ${excerpt(path, 80)}`
  return { key: `${operation} ${status} ${method} ${target}`, says }
}

/**
 * The fields a request's JSON body sent, read exactly (a plain integer literal must come back digit
 * for digit), without `id`: the client does not choose it, so a server may ignore one sent.
 *
 * @example
 * sentFields(createOf('{"id":1,"name":"Rex"}')) // { name: 'Rex' }
 */
export function sentFields(exchange: Exchange): Record<string, unknown> {
  try {
    const body = exactJson(parseJsonLossless(exchange.request.body ?? ''))
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return {}
    const { id: _ignored, ...fields } = body as Record<string, unknown>
    return fields
  } catch {
    return {}
  }
}
