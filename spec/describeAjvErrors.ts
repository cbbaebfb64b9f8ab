import type { ErrorObject } from 'ajv'

/** The most errors one description names. */
const SENTENCES_MAX = 20

/**
 * Turns Ajv errors into one sentence a person can act on, naming each field and the rule it breaks.
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
  // A hostile body can break a rule in every one of 700,000 items: name the first few.
  const sentences = [
    ...new Set(
      errors.slice(0, SENTENCES_MAX * 4).map((error) => `${subject}${error.instancePath} ${ruleOf(error)}`),
    ),
  ]
  const more = errors.length > SENTENCES_MAX ? `; … (${errors.length} errors in all)` : ''
  return sentences.slice(0, SENTENCES_MAX).join('; ') + more
}

function ruleOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `must be one of ${params.allowedValues.join(', ')}`
  }
  if (error.keyword === 'format') return `must be a valid ${String(params.format)}`
  return error.message ?? `breaks '${error.keyword}'`
}
