import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { compileSpec, defaultSpec } from './CompiledSpec.ts'
import { openApiDocument } from './generated/openApiDocument.ts'
import { parameterOf } from './operations.ts'
import type { PetStoreDocument } from './PetStoreDocument.ts'
import { ParameterProblem, readParameter, readParameters } from './readParameters.ts'
import { LIST_PARAMETERS } from './vocabularyOf.ts'

const spec = defaultSpec()
const listPets = spec.vocabulary.operations.get('listPets')
const getPet = spec.vocabulary.operations.get('getPet')
if (!listPets || !getPet) throw new Error('no listPets or getPet')
const limit = parameterOf(listPets, LIST_PARAMETERS.limit)
const [petId] = getPet.parameters
if (!petId) throw new Error('getPet has no id')

/** A reading as a line: the value, or the problem's kind and whether the document decides it (decisions/037). */
function read(parameter: typeof limit, operationId: string, texts: string[] | undefined): unknown {
  const value = readParameter(parameter, texts, () => spec.validators.parameter(operationId, parameter.name))
  if (!(value instanceof ParameterProblem)) return value
  return `${value.kind}, ${value.refusedValue === undefined ? 'text form' : 'refused value'}`
}

describe('readParameter: the rule per text form (decisions/037)', () => {
  test.each([
    ['absent: the default', [], spec.vocabulary.limit?.default],
    ['digits', ['20'], 20],
    ['leading zeros are digits', ['007'], 7],
    ['a fraction of zeros', ['1.0'], 'not_of_type, text form'],
    ['a plus sign', ['+5'], 'not_of_type, text form'],
    ['an exponent', ['1e1'], 'not_of_type, text form'],
    ['a blank', [' 5'], 'not_of_type, text form'],
    ['a repeat of good values', ['5', '5'], 'repeated, text form'],
    ['a fraction', ['1.5'], 'not_of_type, refused value'],
    ['an exponent out of range', ['1e3'], 'not_of_type, refused value'],
    ['hexadecimal', ['0x1'], 'not_of_type, refused value'],
    ['empty', [''], 'not_of_type, refused value'],
    ['below the minimum', ['0'], 'breaks_schema, refused value'],
    ['above the maximum', ['101'], 'breaks_schema, refused value'],
    ['digits beyond any double', ['9'.repeat(400)], 'breaks_schema, refused value'],
    ['negative digits beyond any double', [`-${'9'.repeat(400)}`], 'breaks_schema, refused value'],
    ['a repeat holding a refused value', ['5', '500'], 'repeated, refused value'],
  ])('limit: %s', (_, texts, want) => {
    expect(read(limit, listPets.operationId, texts)).toEqual(want)
  })

  test.each([
    // 2^63 - 1 as a double is 2^63: the text decides, not the double.
    ['2^63 - 1 is an int64', ['9223372036854775807'], 2 ** 63],
    ['2^63 is not, read on its text', ['9223372036854775808'], 'breaks_schema, refused value'],
    ['-2^63 is', ['-9223372036854775808'], -(2 ** 63)],
    ['a segment that is not percent-encoding', undefined, 'undecodable, refused value'],
  ])('petId: %s', (_, texts, want) => {
    expect(read(petId, getPet.operationId, texts)).toEqual(want)
  })

  test('a path segment the router could not decode is a problem of that parameter only', () => {
    const reads = (undecodable?: string) =>
      readParameters(
        getPet,
        { query: new URLSearchParams() },
        { params: { [petId.name]: '7' }, undecodable },
        spec.validators,
      )
    expect(reads(petId.name).map((r) => (r.state === 'problem' ? r.problem.kind : r.state))).toEqual([
      'undecodable',
    ])
    expect(
      reads('another').map((r) => (r.state === 'problem' ? r.problem.kind : `${r.state} ${r.value}`)),
    ).toEqual(['given 7'])
    expect(reads().map((r) => (r.state === 'problem' ? r.problem.kind : `${r.state} ${r.value}`))).toEqual([
      'given 7',
    ])
  })
})

test.each([
  [
    'a number written with leading zeros is read, and marked as a form left open',
    'limit=007&status=sold',
    ['spelled 7', 'given sold'],
  ],
  [
    'each declared parameter absent, given or refused, with the message the mock answers',
    'status=sold&status=sold&colour=red',
    ['absent 20', 'status must be given at most once; received 2 values'],
  ],
  [
    'digits beyond any double are refused in the words of the type and format, as a big int64 is',
    `limit=${'9'.repeat(400)}`,
    [`limit must be an integer (int32); received '${'9'.repeat(64)}…'`, 'absent undefined'],
  ],
  [
    'below any double likewise',
    `limit=-${'9'.repeat(400)}`,
    [`limit must be an integer (int32); received '-${'9'.repeat(63)}…'`, 'absent undefined'],
  ],
])('readParameters: %s', (_, search, want) => {
  const reads = readParameters(
    listPets,
    { query: new URLSearchParams(search) },
    { params: {} },
    spec.validators,
  )
  expect(reads.map((r) => (r.state === 'problem' ? r.problem.message : `${r.state} ${r.value}`))).toEqual(
    want,
  )
})

describe('readParameters on parameter kinds this document does not have (an evolved one may)', () => {
  // An operation with a number, a boolean, an array of integers in form style, a required header and
  // a cookie: what the reader must read alike for a spec-driven operation of another document.
  const document = structuredClone(openApiDocument) as PetStoreDocument
  document.paths['/pets/search'] = {
    get: {
      operationId: 'searchPets',
      summary: 'Search pets',
      parameters: [
        { name: 'weight', in: 'query', schema: { type: 'number', minimum: 0 } },
        { name: 'vaccinated', in: 'query', schema: { type: 'boolean', default: false } },
        {
          name: 'ids',
          in: 'query',
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'integer', minimum: 1 } },
        },
        { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', minLength: 1 } },
        { name: 'session', in: 'cookie', schema: { type: 'string' } },
      ],
      responses: { '200': { description: 'Pets' } },
    },
  } as PetStoreDocument['paths'][string]
  const evolved = compileSpec(document)
  const search = evolved.vocabulary.operations.get('searchPets')
  if (!search) throw new Error('no searchPets')

  const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/
  const INTEGER = /^-?\d+$/
  /** What each parameter should read as, written from JSON's and OpenAPI's rules, not from the reader. */
  function expected(texts: Record<string, string[]>, header: string | undefined): string[] {
    const one = (name: string, read: (text: string) => string) => {
      const given = texts[name] ?? []
      if (given.length === 0) return name === 'vaccinated' ? 'absent false' : 'absent undefined'
      if (given.length > 1) return 'problem repeated'
      return read(given[0] as string)
    }
    return [
      one('weight', (t) =>
        !NUMBER.test(t)
          ? 'problem not_of_type'
          : Number(t) < 0
            ? 'problem breaks_schema'
            : `given ${Number(t)}`,
      ),
      one('vaccinated', (t) => (t === 'true' || t === 'false' ? `given ${t}` : 'problem not_of_type')),
      (texts.ids ?? []).length === 0
        ? 'absent undefined'
        : (() => {
            const items = (texts.ids ?? []).flatMap((t) => t.split(','))
            const ok = items.every((item) => INTEGER.test(item) && Number(item) >= 1)
            return ok ? `given ${items.map(Number).join(',')}` : 'problem breaks_schema'
          })(),
      header === undefined ? 'problem missing' : header === '' ? 'problem breaks_schema' : `given ${header}`,
      'absent undefined',
    ]
  }

  test('each kind reads as JSON and OpenAPI say, whatever the texts', () => {
    const numberText = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.integer({ min: -5, max: 500 }).map(String),
      fc.constantFrom('', '1.', '.5', '+1', '1e', 'abc', ' 1', '0x1', '-0', '1e5', '2E-1', '-1e2'),
    )
    const booleanText = fc.constantFrom('true', 'false', 'TRUE', '1', '0', '', 'yes')
    const idsText = fc
      .array(fc.oneof(fc.integer({ min: -2, max: 99 }).map(String), fc.constantFrom('x', '', '1.5')), {
        minLength: 1,
        maxLength: 4,
      })
      .map((items) => items.join(','))
    fc.assert(
      fc.property(
        fc.record(
          {
            weight: fc.array(numberText, { maxLength: 2 }),
            vaccinated: fc.array(booleanText, { maxLength: 2 }),
            ids: fc.array(idsText, { maxLength: 2 }),
            session: fc.array(fc.string(), { maxLength: 1 }),
          },
          { requiredKeys: [] },
        ),
        fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
        (texts, header) => {
          const query = new URLSearchParams()
          for (const [name, values] of Object.entries(texts))
            for (const value of values) query.append(name, value)
          const reads = readParameters(
            search,
            { query, header: (name) => (name === 'x-trace' ? header : undefined) },
            { params: {} },
            evolved.validators,
          )
          const shown = reads.map((r) =>
            r.state === 'problem'
              ? `problem ${r.problem.kind}`
              : `${r.state === 'spelled' ? 'given' : r.state} ${r.value}`,
          )
          expect(shown).toEqual(expected(texts, header))
        },
      ),
      { numRuns: 400 },
    )
  })
})
