// fixtures/contract-bad-bodies.json is data the suite trusts: every row must really be a bad body
// according to the spec, or the check would demand a 400 for a valid request.
import { describe, expect, test } from '@jest/globals'
import { compileValidators, openApiDocument } from '../../spec/runtime.ts'
import { BAD_BODIES } from './badBodies.ts'

const validateNewPet = compileValidators(openApiDocument).requestBody('createPet')

describe('fixtures/contract-bad-bodies.json', () => {
  test('covers the rules of §2 and §4.2.1 a NewPet body breaks', () => {
    const names = BAD_BODIES.filter((row) => row.level === 'required').map((row) => row.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'missing name',
        'missing categoryId',
        'name is a number',
        'status is not a PetStatus',
      ]),
    )
  })

  test.each(BAD_BODIES.filter((row) => row.level === 'required'))(
    'required row "$name" breaks NewPet',
    (row) => {
      const body = JSON.parse(row.body.replaceAll('{{name}}', 'contract-test'))
      expect(validateNewPet(body)).toBe(false)
    },
  )

  test.each(BAD_BODIES)('row "$name" says why and has a level', (row) => {
    expect(['required', 'recommended']).toContain(row.level)
    expect(row.why.length).toBeGreaterThan(5)
  })
})
