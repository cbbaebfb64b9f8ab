import { exactJson } from '../../kit/json/exactJson.ts'
import { plural } from '../../kit/text/plural.ts'
import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import { jsonStringEdges, nameDifference } from '../stateful/jsonStringEdges.ts'
import { COLUMN_WIDTH_LENGTHS, INTEGER_EDGES } from '../stateful/valueArbitrary.ts'
import type { Check, Finding } from './Check.ts'
import { finding } from './Check.ts'
import { describeResponse } from './describeResponse.ts'

/** A value where the document is silent: a name it sets no limit on, a categoryId across int64. */
interface GapValue {
  label: string
  name?: string
  /** The categoryId's exact digits. */
  categoryId?: string
}

/**
 * The names and categoryIds a conforming server may refuse (a 4xx) but must otherwise keep exactly.
 * Every name starts with the run's `tag`, then the part that makes it a gap, so each pet is still
 * the run's in a shared store: a trailing space, runs of spaces, Unicode, NFD, quotes, markup,
 * lengths just past the widths text columns have (33, 51, 65, 101, 256 characters), and what else
 * a JSON string carries (jsonStringEdges: every control character, bidirectional controls, format
 * characters, combining marks, white space, astral characters; drawn from `seed`). The categoryIds
 * are every integer edge the model phase draws (int64's ends, 2^53's neighbours, int32's ends). The
 * empty name, a leading space and a name of digits alone cannot start with a tag, so they are not
 * sent (decisions/017).
 *
 * @example
 * gapValues('ctk2a9q1z').find((v) => v.label.includes('51'))?.name?.length // 51
 */
export function gapValues(tag: string, seed = 0): GapValue[] {
  const ofLength = (length: number): GapValue => ({
    label: `a name of ${plural(length, 'character')} (one past a VARCHAR(${length - 1}) column)`,
    name: tag + 'r'.repeat(Math.max(0, length - tag.length)),
  })
  return [
    { label: 'a name with trailing spaces', name: `${tag} Rex  ` },
    { label: 'a name with inner runs of spaces', name: `${tag} Rex   the  dog` },
    { label: 'a Unicode name', name: `${tag} Zoë 🐾 Ñandú 犬` },
    { label: 'a name with a combining mark (NFD)', name: `${tag} Zoe\u0308` },
    { label: 'a name with quotes and a backslash', name: `${tag} say "hi" \\ bye's` },
    { label: 'a name with markup', name: `${tag}<b>Rex</b>&amp;` },
    ...COLUMN_WIDTH_LENGTHS.map(ofLength),
    { label: 'a name of 300 characters', name: tag + 'r'.repeat(300 - tag.length) },
    ...jsonStringEdges(seed).map((edge) => ({ label: `a name with ${edge.label}`, name: tag + edge.text })),
    { label: 'a negative categoryId', categoryId: '-7' },
    ...INTEGER_EDGES.map((n) => ({ label: `categoryId ${powerOfTwo(n)}`, categoryId: String(n) })),
    // Integers in the other spellings JSON's number grammar allows (RFC 8259 §6): the same values.
    { label: 'categoryId -0 (an integer JSON may sign)', categoryId: '-0' },
    { label: 'categoryId 7.0 (an integer with a fraction part)', categoryId: '7.0' },
    { label: 'categoryId 1E2 (an integer with an exponent)', categoryId: '1E2' },
  ]
}

/**
 * An integer edge as a power of two and an offset (`2^53 + 1`, `-2^63`), else its digits.
 *
 * @example
 * powerOfTwo(2n ** 53n + 1n) // '2^53 + 1'
 */
function powerOfTwo(n: bigint): string {
  for (const bits of [63n, 53n, 31n])
    for (const sign of [1n, -1n])
      for (const offset of [-1n, 0n, 1n])
        if (n === sign * 2n ** bits + offset)
          return `${sign < 0n ? '-' : ''}2^${bits}${offset === 0n ? '' : offset > 0n ? ' + 1' : ' - 1'}`
  return String(n)
}

/**
 * Where the document is silent (§2: name length and characters; a categoryId names a category the
 * document does not show), a server may refuse a value with any 4xx (its Error body is judged by
 * error_body_conformance, and 400 recommended by gap_status_conformance: the requests are sent as
 * gaps); but an acceptance is §4.2's 201, carrying the value exactly, and so must getPet (§4.2
 * rule 2): no trimming, no truncation to a column width, no rounding of int64 beyond 2^53, no
 * int64 as a string. Numbers are compared as the digits sent.
 */
export const gapValuesExact: Check = {
  name: 'gap_values_exact',
  level: 'required',
  description: () =>
    'Names of any length and characters and categoryIds across int64 are refused with a 4xx or kept exactly, in the 201 and by getPet: no trimming, rounding beyond 2^53 or int64 as a string (§2, §4.2 rule 2).',
  operations: ['createPet', 'getPet'],
  needs: ['write', 'state'],
  async run(context) {
    const findings: Finding[] = []
    // Behind Prism, an int64 beyond 2^53 is flagged by Prism itself, not by the implementation.
    const exact = context.capabilities.has('exact-int64')
    // The tag of a hand-made context (no runTag) is the start of the run's own names.
    const tag = context.runTag ?? context.petName('gap').slice(0, 9)
    const values = gapValues(tag, context.generation.seed).filter(
      (value) => exact || isSafeDigits(value.categoryId),
    )
    await inPool(values, 6, async (value) => {
      const name = value.name ?? context.petName('gap')
      const digits = value.categoryId ?? '1'
      const body = `{"name":${JSON.stringify(name)},"categoryId":${digits}}`
      const created = await context.call('createPet', {}, { body, kind: 'gap' })
      if (created.status >= 400 && created.status < 500 && created.status !== 401) return
      const differs = (exchange: Exchange) => {
        const fields = exactJson(exchange.json) as Record<string, unknown> | undefined
        const wrong = [
          ...(fields?.name === name ? [] : [nameShown(fields?.name, name)]),
          ...(sameInteger(fields?.categoryId, digits) ? [] : [`categoryId ${shown(fields?.categoryId)}`]),
        ]
        return wrong.length > 0 ? `${exchange.status} with ${wrong.join(' and ')}` : undefined
      }
      const expected = `a 4xx (a legal refusal), or the pet with name ${JSON.stringify(name)} and categoryId ${digits} exactly`
      if (created.status !== 201) {
        findings.push(
          finding(created, 'createPet', `${describeResponse(created)} for ${value.label}`, expected),
        )
        return
      }
      const wrongCreate = differs(created)
      if (wrongCreate) {
        findings.push(finding(created, 'createPet', `${wrongCreate} for ${value.label}`, expected))
        return
      }
      const id = shown((exactJson(created.json) as { id?: unknown } | undefined)?.id)
      const fetched = await context.call('getPet', { petId: { raw: id } })
      const wrongGet = fetched.status === 200 ? differs(fetched) : describeResponse(fetched)
      if (wrongGet)
        findings.push(
          finding(
            fetched,
            'getPet',
            `${wrongGet} for ${value.label}`,
            `200 with ${expected.slice(expected.indexOf('the pet'))}`,
          ),
        )
    })
    return { findings }
  },
}

/** A name kept wrongly, with what it lost or gained by code point (a lost U+0000 does not show in quotes). */
function nameShown(got: unknown, sent: string): string {
  const quoted = JSON.stringify(got)
  const shortened = quoted.length > 120 ? `${quoted.slice(0, 117)}…` : quoted
  return typeof got === 'string' ? `name ${shortened} (${nameDifference(sent, got)})` : `name ${shortened}`
}

/** A JSON value as the server wrote it (a bigint from exactJson as its digits, a string quoted). */
function shown(value: unknown): string {
  return typeof value === 'bigint' || typeof value === 'number' ? String(value) : JSON.stringify(value)
}

/** Whether a JSON number read exactly (exactJson) is the integer this JSON number text spells; a string never is. */
function sameInteger(value: unknown, digits: string): boolean {
  const sent = integerOf(digits)
  if (typeof value === 'bigint') return value === sent
  return typeof value === 'number' && Number.isSafeInteger(value) && BigInt(value) === sent
}

/**
 * The integer a JSON number's text spells exactly (`-0`, `7.0`, `1E2` included), or undefined
 * when it has a fraction.
 *
 * @example
 * integerOf('1E2') // 100n
 */
function integerOf(text: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)
  if (!match) return undefined
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match
  const scale = Number(exponent) - fraction.length
  const digits = BigInt(whole + fraction)
  if (scale >= 0) return (sign ? -1n : 1n) * digits * 10n ** BigInt(scale)
  const divisor = 10n ** BigInt(-scale)
  return digits % divisor === 0n ? (sign ? -1n : 1n) * (digits / divisor) : undefined
}

function isSafeDigits(digits: string | undefined): boolean {
  return digits === undefined || Number.isSafeInteger(Number(digits))
}
