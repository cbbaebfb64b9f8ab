import { exactJson } from '../../kit/json/exactJson.ts'
import { plural } from '../../kit/text/plural.ts'
import { keptAsSent } from '../../model/keptAsSent.ts'
import type { Exchange } from '../http/exchange.ts'
import { inPool } from '../http/inPool.ts'
import {
  characterName,
  INTEGER_RANGES,
  integerEdges,
  integerSpellings,
  jsonStringEdges,
} from '../json/nearMisses.ts'
import { COLUMN_WIDTH_LENGTHS } from '../stateful/valueArbitrary.ts'
import type { Check, Finding } from './Check.ts'
import { finding } from './Check.ts'
import { describeResponse } from './describeResponse.ts'

/** A value where the document is silent: a name it sets no limit on, a categoryId across int64. */
interface GapValue {
  label: string
  name?: string
  /** The categoryId as written in the body, and the integer it spells. */
  categoryId?: { text: string; value: bigint }
}

/**
 * The names and categoryIds a conforming server may refuse (a 4xx) but must otherwise keep exactly.
 * Every name starts with the run's `tag`, then the gap (decisions/017): lengths just past the
 * widths text columns have, and jsonStringEdges (drawn from `seed`). The categoryIds: every
 * integer edge of int64, and JSON's other spellings of some.
 *
 * @example
 * gapValues('ctk2a9q1z').find((v) => v.label.includes('51'))?.name?.length // 51
 */
export function gapValues(tag: string, seed = 0, statuses: readonly string[] = []): GapValue[] {
  const ofLength = (length: number): GapValue => ({
    label: `a name of ${plural(length, 'character')} (one past a VARCHAR(${length - 1}) column)`,
    name: tag + 'r'.repeat(Math.max(0, length - tag.length)),
  })
  return [
    ...COLUMN_WIDTH_LENGTHS.map(ofLength),
    { label: 'a name of 300 characters', name: tag + 'r'.repeat(300 - tag.length) },
    ...jsonStringEdges(seed, statuses).map(({ label, text }) => ({
      label: `a name with ${label}`,
      name: tag + text,
    })),
    // Every integer edge of int64 (0 and -1, which a careless reader takes for missing or an index, among them).
    ...integerEdges(INTEGER_RANGES.int64).map(({ value, label }) => ({
      label: `categoryId ${label}`,
      categoryId: { text: String(value), value },
    })),
    // JSON's other spellings (RFC 8259 §6): every one of 100 and 0; an exponent near 2^53 and 2^63.
    ...[100n, 0n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 63n].flatMap((value) =>
      integerSpellings(value)
        .filter((spelling) => value <= 100n || spelling.label.includes('point'))
        .map(({ text, label }) => ({
          label: `categoryId ${value} ${label}: ${text}`,
          categoryId: { text, value },
        })),
    ),
  ]
}

/**
 * Where the document is silent (§2), a server may refuse a value with any 4xx (sent as gaps:
 * gap_status_conformance recommends 400). Numbers are compared as the integer sent (keptAsSent).
 */
export const gapValuesExact: Check = {
  name: 'gap_values_exact',
  level: 'required',
  description: () =>
    'Names of any length and characters and categoryIds across int64 are refused with a 4xx or kept exactly, in the 201 and by getPet: no trimming, rounding beyond 2^53 or int64 as a string (§2, §4.2 rule 2).',
  operations: ['createPet', 'getPet'],
  needs: ['write', 'state'],
  async run(context) {
    // Behind Prism, an int64 beyond 2^53 is flagged by Prism itself, not by the implementation.
    const exact = context.capabilities.has('exact-int64')
    // The tag of a hand-made context (no runTag) is the start of the run's own names.
    const tag = context.runTag ?? context.petName('gap').slice(0, 9)
    const values = gapValues(tag, context.generation.seed, context.vocabulary.statuses).filter(
      (value) => exact || Number.isSafeInteger(Number(value.categoryId?.value ?? 0)),
    )
    // Findings in the values' order, not the answers': the three a report keeps are the same each run.
    const found = await inPool(values, 6, async (value): Promise<Finding | undefined> => {
      const name = value.name ?? context.petName('gap')
      const { text: digits, value: integer } = value.categoryId ?? { text: '1', value: 1n }
      // As sent: exactly, for an integer literal; beyond 2^53 in another spelling, exactly or as its double (keptAsSent).
      const sent = /^-?\d+$/.test(digits) ? integer : Number(integer)
      const body = `{"name":${JSON.stringify(name)},"categoryId":${digits}}`
      const created = await context.call('createPet', {}, { body, kind: 'gap' })
      if (created.status >= 400 && created.status < 500 && created.status !== 401) return
      const differs = (exchange: Exchange) => {
        const fields = exactJson(exchange.json) as Record<string, unknown> | undefined
        const wrong = [
          ...(fields?.name === name ? [] : [nameShown(fields?.name, name)]),
          ...(keptAsSent(fields?.categoryId, sent) ? [] : [`categoryId ${shown(fields?.categoryId)}`]),
        ]
        return wrong.length > 0 ? `${exchange.status} with ${wrong.join(' and ')}` : undefined
      }
      const expected = `a 4xx (a legal refusal), or the pet with name ${JSON.stringify(name)} and categoryId ${digits} exactly`
      const wrongCreate = created.status === 201 ? differs(created) : describeResponse(created)
      if (wrongCreate) return finding(created, 'createPet', `${wrongCreate} for ${value.label}`, expected)
      const id = shown((exactJson(created.json) as { id?: unknown } | undefined)?.id)
      const fetched = await context.call('getPet', { petId: { raw: id } })
      const wrongGet = fetched.status === 200 ? differs(fetched) : describeResponse(fetched)
      const kept = `200 with ${expected.slice(expected.indexOf('the pet'))}`
      return wrongGet ? finding(fetched, 'getPet', `${wrongGet} for ${value.label}`, kept) : undefined
    })
    return { findings: found.filter((f) => f !== undefined) }
  },
}

/** A name kept wrongly, with what it lost or gained. */
function nameShown(got: unknown, sent: string): string {
  const quoted = JSON.stringify(got)
  const shortened = quoted.length > 120 ? `${quoted.slice(0, 117)}…` : quoted
  return typeof got === 'string' ? `name ${shortened} (${nameDifference(sent, got)})` : `name ${shortened}`
}

/** A JSON value as the server wrote it (a bigint from exactJson as its digits, a string quoted). */
function shown(value: unknown): string {
  return typeof value === 'bigint' || typeof value === 'number' ? String(value) : JSON.stringify(value)
}

/**
 * What a stored name lost or gained against the one sent, by character (a lost U+0000 is invisible in quotes).
 *
 * @example
 * nameDifference('Rex\u0000', 'Rex') // 'lost U+0000'
 */
export function nameDifference(sent: string, got: string): string {
  const count = (text: string) => {
    const counts = new Map<string, number>()
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1)
    return counts
  }
  const [before, after] = [count(sent), count(got)]
  const missing = (from: Map<string, number>, to: Map<string, number>) =>
    [...from].filter(([char, n]) => (to.get(char) ?? 0) < n).map(([char]) => characterName(char))
  const lost = missing(before, after)
  const gained = missing(after, before)
  const listed = (chars: string[]) => chars.slice(0, 6).join(' ') + (chars.length > 6 ? ' …' : '')
  const parts = Object.entries({ lost, gained }).flatMap(([what, chars]) =>
    chars.length > 0 ? [`${what} ${listed(chars)}`] : [],
  )
  return parts.length > 0 ? parts.join(', ') : 'the same characters in another order'
}
