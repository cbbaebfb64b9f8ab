import { type ApiResponse, type Parsed, refuse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { clip } from '../../kit/text/clip.ts'

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
const INTEGER_TEXT = /^-?\d+$/
/** The highest id the store can hold exactly. */
const MAX_ID = BigInt(Number.MAX_SAFE_INTEGER)

/** A petId the store can hold (a positive safe integer), or `absent` for a well-formed int64 it never assigns. */
export type PetIdLookup = { id: number } | 'absent'

/**
 * Reads `petId` as the router decoded it (a segment that is not valid percent-encoding stays as
 * sent, and is no integer). The int64 policy: any int64 is well formed; the mock assigns
 * only positive safe integers (exact in JavaScript), so any other int64 is simply not found (404)
 * and is never rounded onto another pet's id. Text that is not an int64 is a 400.
 *
 * @example
 * parsePetId('7') // { ok: true, value: { id: 7 } }
 * parsePetId('9007199254740993') // { ok: true, value: 'absent' } (2^53 + 1: a valid int64 no pet has)
 * parsePetId('abc') // { ok: false, response: <400> }
 */
export function parsePetId(text: string): Parsed<PetIdLookup> {
  if (!INTEGER_TEXT.test(text)) return invalid(text)
  // One path for every spelling (no shortcut for short texts: it would answer the same, and a
  // branch no client can tell apart is one the contract suite cannot hold; docs/mutation.md).
  const value = BigInt(text)
  if (value < INT64_MIN || value > INT64_MAX) return invalid(text)
  if (value < 1n || value > MAX_ID) return { ok: true, value: 'absent' }
  return { ok: true, value: { id: Number(value) } }
}

function invalid(text: string): { ok: false; response: ApiResponse } {
  return refuse(
    errorResponse(400, 'invalid_parameter', `petId must be an integer (int64); received '${clip(text)}'`),
  )
}
