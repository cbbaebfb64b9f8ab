import { describe, expect, test } from '@jest/globals'
import { defaultSpec } from './CompiledSpec.ts'
import { parameterOf } from './operations.ts'
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
