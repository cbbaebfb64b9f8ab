// Reads a HAR file recorded by a browser's developer tools, the proxy or the mock's journal export,
// as untrusted input: bounded in size, checked in shape, every problem one sentence.

import type { Observation } from '../coverage/coverageOf.ts'
import { apiRequestFromUrl } from '../kit/http/ApiRequest.ts'
import { parseJsonLossless } from '../kit/json/exactJson.ts'
import { type JsonShapeLimits, jsonShapeProblem } from '../kit/json/jsonShape.ts'
import type { Router } from '../spec/Router.ts'

/** The largest HAR text read (a DevTools recording of a long session with bodies is tens of MB). */
export const HAR_MAX_CHARS = 64 * 1024 * 1024

/**
 * What a HAR may hold before it is parsed (`jsonShapeProblem`), so the worst shape within
 * HAR_MAX_CHARS cannot take the process to gigabytes: a DevTools entry holds about 150 values and
 * names (its headers, cookies, timings), so these admit some 13,000 entries. Measured peaks of the
 * worst accepted shapes: docs/replay.md.
 */
export const HAR_SHAPE_LIMITS: JsonShapeLimits = {
  maxDepth: 64,
  maxContainers: 500_000,
  maxValues: 2_000_000,
}

/** A HAR that cannot be read: the message says why, for a usage error (exit 2) or a 400. */
export class HarError extends Error {}

/** One recorded exchange, as the readers of a HAR need it. */
export interface HarExchange {
  method: string
  url: string
  /** The request body's text, when the entry has one. */
  body?: string
  status: number
  /** The id a 201 created, when the recording says so apart from its body (the mock's journal HAR). */
  createdId?: string
  /** The response body's text, when the recording kept it (a browser's HAR and the journal's do). */
  responseText?: string
  /**
   * Only when the entry's request headers were recorded (any at all) and hold no Authorization: the
   * call carried no key, and a replay sends it without one. A HAR with no headers says nothing.
   */
  keyless?: true
}

/**
 * The exchanges of a HAR's text, in order; throws HarError naming the first problem.
 *
 * @example
 * readHar('{"log":{"version":"1.2","entries":[…]}}') // [{ method: 'GET', url: 'http://…/v1/pets', status: 200 }]
 */
export function readHar(text: string, maxChars = HAR_MAX_CHARS): HarExchange[] {
  if (text.length > maxChars) throw new HarError(`the HAR is over ${maxChars} characters`)
  const tooBig = jsonShapeProblem(text, HAR_SHAPE_LIMITS)
  if (tooBig) throw new HarError(`the HAR holds ${tooBig} (HAR_SHAPE_LIMITS)`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    // Where, not what: JSON.parse quotes the text, and `link.har` may point at a secret file.
    const where = / at position \d+[^)]*\)?/.exec((error as Error).message)?.[0] ?? ''
    throw new HarError(`not JSON${where}`)
  }
  const entries = (parsed as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new HarError('not a HAR: no log.entries array')
  return entries.map((entry, i) => {
    const request = (entry as { request?: Record<string, unknown> } | null)?.request
    const response = (entry as { response?: Record<string, unknown> } | null)?.response
    const method = request?.method
    const url = request?.url
    const status = response?.status
    if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number')
      throw new HarError(`log.entries[${i}] lacks request.method, request.url or response.status`)
    const body = (request?.postData as { text?: unknown } | undefined)?.text
    const content = response?.content as { text?: unknown; encoding?: unknown } | undefined
    const responseText = content?.encoding === undefined ? content?.text : undefined
    const createdId = (entry as { _createdId?: unknown })._createdId
    const headers = request?.headers
    const keyless =
      Array.isArray(headers) &&
      headers.length > 0 &&
      headers.every((header) => String(header?.name).toLowerCase() !== 'authorization')
    return {
      method,
      url,
      status,
      ...(typeof createdId === 'string' && /^-?\d{1,19}$/.test(createdId) ? { createdId } : {}),
      ...(typeof body === 'string' ? { body } : {}),
      ...(typeof responseText === 'string' ? { responseText } : {}),
      ...(keyless ? { keyless: true as const } : {}),
    }
  })
}

/**
 * The exchanges under the router's base path (a DevTools HAR also holds scripts, images, other APIs)
 * as coverage Observations, each URL read as the server saw its target (`originForm`).
 *
 * @example
 * harObservations(readHar(text), spec.router('/v1')) // [{ method: 'GET', path: '/pets', query: [['limit', '5']], status: 200 }]
 */
export function harObservations(exchanges: readonly HarExchange[], router: Router): Observation[] {
  const observations: Observation[] = []
  for (const exchange of exchanges) {
    const request = apiRequestFromUrl(exchange.method, exchange.url)
    const path = router.below(request.path)
    if (path === undefined) continue
    observations.push({
      method: exchange.method,
      path,
      query: [...request.query],
      ...(exchange.body === undefined ? {} : { body: parseJsonLossless(exchange.body) }),
      status: exchange.status,
    })
  }
  return observations
}
