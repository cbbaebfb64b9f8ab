import { decodePercentLoosely } from './decodePercentLoosely.ts'
import { isCredentialName } from './isCredentialName.ts'

const HIDDEN = '***'

/**
 * The request target as a log line may show it: every path segment or query part that holds an
 * accepted key (as sent, or percent-encoded in any form: upper- or lower-case hex, every byte or
 * some, even encoded twice) becomes `***`, and so does the value of any query parameter whose name
 * says it is a credential (`isCredentialName`: `password`, `sig`, `session`, `code`, ... in any encoding). It parses the target (split on `/`, `?`, `&`, `=`) instead of matching a
 * regular expression over it, so its cost is linear in the target's length whatever the input:
 * a log line must never let one request freeze the server (decisions/007-hostile-clients.md).
 *
 * @example
 * redactTarget('/v1/pets?api_key=abc', []) // '/v1/pets?api_key=***'
 * redactTarget('/v1/pets/%6b3y', ['k3y']) // '/v1/pets/***'
 */
export function redactTarget(target: string, keys: readonly string[]): string {
  const queryAt = target.indexOf('?')
  const path = queryAt < 0 ? target : target.slice(0, queryAt)
  const segments = path.split('/').map((segment) => (holdsKey(segment, keys) ? HIDDEN : segment))
  let safe = segments.join('/')
  if (queryAt >= 0)
    safe += `?${target
      .slice(queryAt + 1)
      .split('&')
      .map((part) => redactQueryPart(part, keys))
      .join('&')}`
  // A key that itself holds `/`, `&` or `=` spans parts, so no one part shows it: hide the whole target.
  return holdsKey(safe, keys) ? `${HIDDEN} (the request target held a key)` : safe
}

function redactQueryPart(part: string, keys: readonly string[]): string {
  const equals = part.indexOf('=')
  const name = equals < 0 ? part : part.slice(0, equals)
  if (holdsKey(name, keys)) return HIDDEN
  if (equals < 0) return part
  if (isCredentialName(name)) return `${name}=${HIDDEN}`
  return holdsKey(part.slice(equals + 1), keys) ? `${name}=${HIDDEN}` : part
}

/**
 * Whether `text`, raw or percent-decoded (with `+` as a space or as itself), contains one of the keys.
 *
 * @example
 * holdsKey('%6B3y', ['k3y']) // true
 */
export function holdsKey(text: string, keys: readonly string[]): boolean {
  if (keys.length === 0) return false
  const forms = [text, decodePercentLoosely(text)]
  if (text.includes('+')) forms.push(decodePercentLoosely(text.replaceAll('+', ' ')))
  return keys.some((key) => key !== '' && forms.some((form) => form.includes(key)))
}

/**
 * Hides every accepted key in free text (an error message): the keys as they are and in their
 * percent-encoded form, by plain substring replacement.
 *
 * @example
 * redactText('bad token k3y', ['k3y']) // 'bad token ***'
 */
export function redactText(text: string, keys: readonly string[]): string {
  let safe = text
  for (const key of keys) {
    if (key === '') continue
    for (const form of [key, encodeURIComponent(key)])
      if (safe.includes(form)) safe = safe.replaceAll(form, HIDDEN)
  }
  return holdsKey(safe, keys) ? HIDDEN : safe
}
