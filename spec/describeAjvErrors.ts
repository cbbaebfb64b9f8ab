import type { ErrorObject } from 'ajv'
import { clipWithin } from '../kit/text/clip.ts'

/** Problems named one by one in a message; the rest are counted (an error body stays small). */
export const NAMED_PROBLEMS = 5
/** Characters of one named problem at most (an enum of thousands of values, a long path). */
const PROBLEM_CHARS = 300

/**
 * Turns Ajv errors into one sentence a person can act on, naming each field and the rule it breaks.
 * Only the first NAMED_PROBLEMS distinct problems are named, each clipped, and the rest counted: a
 * 63 KB body of `[{},{},...]` breaks 30,000 rules, and naming them all made a 3 MB error body.
 *
 * @example
 * describeAjvErrors(validate.errors, 'body')
 * // "body must have required property 'categoryId'; body/status must be one of available, pending, sold"
 */
export function describeAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  subject: string,
): string {
  if (!errors || errors.length === 0) return `${subject} is invalid`
  const named = new Set<string>()
  let more = 0
  for (const error of errors) {
    const sentence = clipWithin(`${subject}${error.instancePath} ${ruleOf(error)}`, PROBLEM_CHARS)
    if (named.has(sentence)) continue
    if (named.size < NAMED_PROBLEMS) named.add(sentence)
    else more++
  }
  // `more` counts rule breaks past the named ones (a repeated one may be counted twice: cheap, and honest).
  const rest = more === 0 ? '' : `; and ${more} more problem${more === 1 ? '' : 's'}`
  return [...named].join('; ') + rest
}

function ruleOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    return `must be one of ${params.allowedValues.join(', ')}`
  if (error.keyword === 'format') return `must be a valid ${String(params.format)}`
  return error.message ?? `breaks '${error.keyword}'`
}
