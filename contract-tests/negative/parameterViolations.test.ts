// Parameter violations come from each parameter's schema in the spec: each must break it, and an
// edit to the spec (a new parameter, a new enum value, another maximum) must change the cases.
import { expect, test } from '@jest/globals'
import {
  compileValidators,
  openApiDocument,
  operations,
  operationTarget,
  type PetStoreDocument,
} from '../../spec/runtime.ts'
import { parameterViolations } from './parameterViolations.ts'

/** Each case as `operation target`, its target written as a call writes it (operationTarget). */
const paths = (document: PetStoreDocument) => {
  const all = operations(document)
  return parameterViolations(all).map((v) => {
    const operation = all.find((o) => o.operationId === v.operation)
    return `${v.operation} ${operation ? operationTarget(operation, v.parameters) : '?'}`
  })
}

test('each generated value breaks its parameter schema (as the parameter text a server parses)', () => {
  const validators = compileValidators(openApiDocument)
  const cases = parameterViolations(operations(openApiDocument))
  expect(cases.length).toBeGreaterThan(15)
  for (const violation of cases) {
    // A parameter given twice breaks it by the repetition: each of its values is allowed.
    if (violation.repeated !== undefined) continue
    const validate = validators.parameter(violation.operation, violation.parameter)
    // A server reads integer text as a number (`1.0`, `1e0` and `+1` are refused for their text: no integer's).
    const asNumber = /^-?\d+$/.test(violation.value) ? Number(violation.value) : undefined
    const beyondExact = asNumber !== undefined && !Number.isSafeInteger(asNumber)
    // Digits beyond 2^53 are judged by their exact value, which a JavaScript number cannot hold.
    const beyondInt64 =
      beyondExact && (BigInt(violation.value) > 2n ** 63n - 1n || BigInt(violation.value) < -(2n ** 63n))
    if (beyondExact) expect(beyondInt64 || !validate(asNumber)).toBe(true)
    else expect([validate(violation.value), validate(asNumber)]).toEqual([false, false])
  }
})

test('the kinds the schemas imply are there', () => {
  expect(paths(openApiDocument)).toEqual(
    expect.arrayContaining([
      'listPets /pets?limit=0',
      'listPets /pets?limit=101',
      'listPets /pets?limit=abc',
      'listPets /pets?limit=1.5',
      'listPets /pets?limit=0x1',
      'listPets /pets?limit=',
      'listPets /pets?status=Available',
      'listPets /pets?status=SOLD',
      'listPets /pets?status=%C2%A0sold',
      'listPets /pets?status=sold%09',
      'listPets /pets?limit=2147483648',
      'listPets /pets?limit=1e0',
      'listPets /pets?limit=%2B1',
      'getPet /pets/abc',
      'getPet /pets/1.5',
      'getPet /pets/0x1',
      'getPet /pets/9223372036854775808',
    ]),
  )
})

test('each query parameter is given twice, with two values its schema allows', () => {
  const validators = compileValidators(openApiDocument)
  const repeated = parameterViolations(operations(openApiDocument)).filter((v) => v.repeated !== undefined)
  expect(repeated.map((v) => v.label)).toEqual([
    'limit given twice (1 and 2)',
    'status given twice (available and pending)',
  ])
  for (const violation of repeated) {
    const validate = validators.parameter(violation.operation, violation.parameter)
    const read = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : text)
    expect([validate(read(violation.value)), validate(read(violation.repeated ?? ''))]).toEqual([true, true])
  }
})

test('a change to the spec changes the cases', () => {
  const evolved = structuredClone(openApiDocument)
  const list = evolved.paths['/pets']?.get
  const limit = list?.parameters?.find((p) => p.name === 'limit')
  const status = list?.parameters?.find((p) => p.name === 'status')
  if (!limit || !status) throw new Error('the spec changed shape')
  limit.schema.maximum = 50
  ;(status.schema.enum as string[]).push('reserved')
  list?.parameters?.push({ name: 'categoryId', in: 'query', schema: { type: 'integer', minimum: 0 } })
  const added = paths(evolved).filter((path) => !paths(openApiDocument).includes(path))
  expect(added).toEqual(
    expect.arrayContaining([
      'listPets /pets?limit=51',
      'listPets /pets?status=RESERVED',
      'listPets /pets?categoryId=abc',
      'listPets /pets?categoryId=-1',
    ]),
  )
})
