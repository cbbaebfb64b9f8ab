// Validation of exact JSON (kit/json/exactJson.ts) against a schema: an Ajv validator reads the
// doubles, and each big literal is then checked on its own text and kept as its exact digits.
import type { ValidateFunction } from 'ajv'
import {
  EXACT_JSON_SUPPORTED,
  type ExactJson,
  exactInteger,
  INT64_MAX,
  INT64_MIN,
  json,
} from '../../kit/json/exactJson.ts'
import { clip } from '../../kit/text/clip.ts'
import { describeAjvErrors } from '../../spec/runtime.ts'

/**
 * Validates parsed JSON with `validate` (an Ajv validator sees doubles, as it would after any
 * `JSON.parse`), then checks each big literal on its text: it must be an integer within int64, and
 * is then kept as its exact digits. The value is changed in place and returned.
 *
 * @example
 * validateExact(parseExactJson('{"name":"A","categoryId":9223372036854775807}'), validateNewPet, 'body')
 * // { ok: true, value: { name: 'A', categoryId: JSON.rawJSON('9223372036854775807') } }
 */
export function validateExact(
  parsed: ExactJson,
  validate: ValidateFunction,
  subject: string,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (!validate(parsed.value)) return { ok: false, message: describeAjvErrors(validate.errors, subject) }
  if (parsed.tooDeep) {
    const message = `${subject} holds an integer beyond ±(2^53 - 1) nested too deeply to read exactly`
    return { ok: false, message }
  }
  let value = parsed.value
  // When the whole text is one number, its holder is the reviver's wrapper, outside the value.
  const isWhole = typeof value === 'number'
  for (const literal of parsed.bigLiterals) {
    // The path is looked for only to name a refused field: one walk per refusal, not per literal.
    const where = () =>
      isWhole ? subject : [subject, ...(pathTo(value, literal.holder) ?? []), literal.key].join('/')
    const exact = exactInteger(literal.source)
    if (exact === 'fraction')
      return { ok: false, message: `${where()} must be integer; received ${clip(literal.source)}` }
    if (exact === 'beyond-int64' || !EXACT_JSON_SUPPORTED || !json.rawJSON) {
      const range = EXACT_JSON_SUPPORTED
        ? `${INT64_MIN} to ${INT64_MAX}`
        : '±(2^53 - 1) in this JavaScript engine'
      const message = `${where()} must be a valid int64 (${range}); received ${clip(literal.source)}`
      return { ok: false, message }
    }
    const raw = json.rawJSON(exact.toString())
    if (isWhole) value = raw
    else literal.holder[literal.key] = raw
  }
  return { ok: true, value }
}

/** The keys from `root` down to `holder`, or undefined when `holder` is not inside it. */
function pathTo(root: unknown, holder: object): string[] | undefined {
  // Each node remembers its parent's index, so a deep body costs O(nodes), not O(nodes × depth).
  const nodes: Array<{ value: unknown; key: string; parent: number }> = [{ value: root, key: '', parent: -1 }]
  for (let index = 0; index < nodes.length; index++) {
    const { value } = nodes[index] as { value: unknown }
    if (value === holder) {
      const path: string[] = []
      for (let at = index; at > 0; at = (nodes[at] as { parent: number }).parent)
        path.unshift((nodes[at] as { key: string }).key)
      return path
    }
    if (typeof value === 'object' && value !== null)
      for (const key in value)
        nodes.push({ value: (value as Record<string, unknown>)[key], key, parent: index })
  }
  return undefined
}
