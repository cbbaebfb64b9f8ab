import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'

/** The request header that picks a session of the mock (lower case, as node:http and Fetch give it). */
export const SESSION_HEADER = 'x-mock-session'
/** The session a request without the header belongs to: the shared store, the one a state file keeps. */
export const DEFAULT_SESSION = 'default'
/** Longer names are refused: a name is a label, and it is echoed in logs and on the inspector page. */
export const MAX_SESSION_NAME_LENGTH = 64

/**
 * Reads `X-Mock-Session`: no header is the default session; a name is 1 to 64 visible ASCII
 * characters (no spaces, no control or non-ASCII characters, so a repeated header, joined with
 * `, `, is refused too). Anything else is a 400 Error body naming the rule.
 *
 * @example
 * parseSessionName(undefined) // 'default'
 * parseSessionName('worker-3') // 'worker-3'
 * parseSessionName('a b').status // 400
 */
export function parseSessionName(value: string | undefined): string | ApiResponse {
  if (value === undefined) return DEFAULT_SESSION
  // Visible ASCII is `!` (0x21) to `~` (0x7e); the length first, so a long header is not scanned.
  if (value.length <= MAX_SESSION_NAME_LENGTH && /^[!-~]+$/.test(value)) return value
  const shown = JSON.stringify(value.length > MAX_SESSION_NAME_LENGTH ? `${value.slice(0, 32)}…` : value)
  return errorResponse(
    400,
    'invalid_parameter',
    `X-Mock-Session must be 1 to ${MAX_SESSION_NAME_LENGTH} visible ASCII characters (no spaces or control characters); received ${value.length} characters: ${shown}.`,
  )
}
