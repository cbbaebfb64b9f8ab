import { jsonSpaceEnd, jsonStringEnd } from '../json/jsonStringEnd.ts'
import type { Redactor } from './createRedactor.ts'
import { isCredentialName } from './isCredentialName.ts'
import { redactPairs } from './redactTarget.ts'

const HIDDEN = '"***"'
/** An error identifier, quotes included (`"not_found"`): lower-case words joined by `_`, 1 to 32 characters. */
const ERROR_CODE = /^"(?=[a-z_]{1,32}")[a-z]+(?:_[a-z]+)*"$/

/**
 * A body as the journal may show it: the value of every JSON field whose name looks like a
 * credential (`isCredentialName`: `password`, `token`, `apiKey`, ...) becomes `"***"`, a nested object
 * or array under such a name included, and every secret `redact` knows, anywhere, becomes `***`. A body that is
 * not JSON but looks like a form (`a=1&b=2`) has its credential-named values hidden as a query's are.
 * But an error answer's (`answerStatus` 400 or more) member named exactly `code` holding an error
 * identifier (`"not_found"`) is shown: never a request's, where OAuth's codes travel (decisions/038).
 *
 * It scans the text once instead of parsing it, so a body cut short (as the journal keeps it) is
 * redacted too, a value cut mid-string hidden to its end. Linear in the body's length.
 *
 * @example
 * redactBody('{"name":"Rex","password":"hunter2"}', createRedactor([])) // '{"name":"Rex","password":"***"}'
 */
export function redactBody(body: string, redact: Redactor, answerStatus?: number): string {
  const first = body.trimStart()[0]
  if (first === '{' || first === '[')
    return redact(redactJsonFields(body, answerStatus !== undefined && answerStatus >= 400))
  // A form is hidden the way a query string is.
  return redact(/^[^\s=&]+=/.test(body) ? redactPairs(body) : body)
}

/**
 * The text with the value of every JSON member whose name is credential-like (`isCredentialName`)
 * as `"***"`, wherever such members stand in it: a body, or a message or a curl line quoting one.
 * With `errorCodes`, a member named exactly `"code"` holding an error identifier (`ERROR_CODE`) is shown.
 *
 * @example
 * redactJsonFields(`--data-raw '{"name":"Rex","client_secret":"s3"}'`) // `--data-raw '{"name":"Rex","client_secret":"***"}'`
 */
export function redactJsonFields(text: string, errorCodes = false): string {
  let out = ''
  let copied = 0
  let i = 0
  while (i < text.length) {
    if (text[i] !== '"') {
      i++
      continue
    }
    const end = jsonStringEnd(text, i)
    let next = jsonSpaceEnd(text, end)
    if (text[next] !== ':' || !isCredentialName(stringValue(text.slice(i, end)))) {
      i = end
      continue
    }
    next = jsonSpaceEnd(text, next + 1)
    const valueEnd = valueEndAt(text, next)
    if (errorCodes && text.slice(i, end) === '"code"' && ERROR_CODE.test(text.slice(next, valueEnd))) {
      i = valueEnd
      continue
    }
    out += text.slice(copied, next) + HIDDEN
    copied = valueEnd
    i = valueEnd
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/** Where the JSON value starting at `start` ends: a string, an object or array (to its match), or a scalar. */
function valueEndAt(text: string, start: number): number {
  const first = text[start]
  if (first === '"') return jsonStringEnd(text, start)
  if (first === '{' || first === '[') {
    let depth = 0
    for (let i = start; i < text.length; i++) {
      const char = text[i]
      if (char === '"') i = jsonStringEnd(text, i) - 1
      else if (char === '{' || char === '[') depth++
      else if (char === '}' || char === ']') {
        depth--
        if (depth === 0) return i + 1
      }
    }
    return text.length
  }
  let i = start
  while (i < text.length && !',}] \t\r\n'.includes(text[i] as string)) i++
  return i
}

/** A JSON string literal's value; its raw text when it is not valid (cut short, a bad escape). */
function stringValue(literal: string): string {
  try {
    return JSON.parse(literal) as string
  } catch {
    return literal.slice(1)
  }
}
