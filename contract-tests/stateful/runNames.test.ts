// Every name the run can send carries its tag: the model phase's generated bodies (gap values
// included) and gap_values_exact's fixed gaps; and the widths columns really have are among them.
import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { interfaceModelOf } from '../../model/interfaceModel.ts'
import { defaultSpec } from '../../spec/runtime.ts'
import { gapValues } from '../checks/gapValuesExact.ts'
import { petNamer } from '../running/petNames.ts'
import { commandArbitraries } from './commandArbitraries.ts'
import { CreatePets } from './commands.ts'
import { newPetArbitrary } from './newPetArbitrary.ts'
import { COLUMN_WIDTH_LENGTHS, characters } from './valueArbitrary.ts'

const model = interfaceModelOf(defaultSpec())
/** Any run id the runner makes (base 36 time and random letters), and the tag it gives. */
const tagArbitrary = fc.stringMatching(/^[a-z0-9]{8,12}$/).map((runId) => petNamer(runId).prefix)
const stringFields = Object.entries(model.newPet.properties)
  .filter(([, schema]) => schema.type === 'string' && !Array.isArray(schema.enum))
  .map(([field]) => field)

describe('every generated name starts with the run tag', () => {
  test('newPetArbitrary: every string field of every body, whatever the tag', () => {
    expect(stringFields).toContain('name')
    fc.assert(
      fc.property(
        tagArbitrary.chain((tag) => fc.tuple(fc.constant(tag), newPetArbitrary(model, { tag }))),
        ([tag, body]) => {
          for (const field of stringFields) {
            const value = body[field]
            if (value !== undefined) expect(String(value).startsWith(tag)).toBe(true)
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  test('the create commands the model phase draws send only tagged names', () => {
    fc.assert(
      fc.property(
        tagArbitrary.chain((tag) =>
          fc.tuple(fc.constant(tag), fc.oneof(...commandArbitraries(model, true, { tag }))),
        ),
        ([tag, command]) => {
          if (!(command instanceof CreatePets)) return
          for (const body of command.bodies) expect(String(body.name).startsWith(tag)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('names one past each common column width are drawn, tagged, with the exact length', () => {
    const tag = 'ctk2a9q1z'
    const lengths = new Set(
      fc
        .sample(newPetArbitrary(model, { tag }), { numRuns: 3_000, seed: 17 })
        .map((body) => characters(String(body.name))),
    )
    for (const length of COLUMN_WIDTH_LENGTHS) expect(lengths).toContain(length)
  })

  test('gap_values_exact: every name starts with the tag, the column widths among them', () => {
    const tag = 'ctk2a9q1z'
    const names = gapValues(tag).flatMap((value) => (value.name === undefined ? [] : [value.name]))
    expect(names.filter((name) => !name.startsWith(tag))).toEqual([])
    for (const length of COLUMN_WIDTH_LENGTHS) expect(names.map((name) => characters(name))).toContain(length)
    // Still gaps: not one of them is a neutral name (short letters and digits).
    expect(names.filter((name) => /^[A-Za-z][A-Za-z0-9]{0,15}$/.test(name))).toEqual([])
  })
})
