import fc from 'fast-check'
import type { InterfaceModel } from '../model/interfaceModel.ts'
import { neutralValueArbitrary, valueArbitrary } from './valueArbitrary.ts'

/**
 * NewPet bodies drawn from the whole schema of the document: every property it declares (an
 * evolved spec's extra field too), each optional one sometimes omitted, values across their whole
 * type. About a third are neutral (nothing the document leaves open), so data accumulates even on a
 * server that refuses every value in a gap.
 *
 * @example
 * fc.sample(newPetArbitrary(model), 2) // e.g. [{ name: 'Kd7', categoryId: 12, status: 'sold' }, { name: '', categoryId: -9223372036854775808n }]
 */
export function newPetArbitrary(
  model: InterfaceModel,
  { exactInt64 = true } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(model.newPet.properties)
  const whole: typeof valueArbitrary = (schema) => valueArbitrary(schema, { exactInt64 })
  const body = (value: typeof valueArbitrary, omit: boolean) =>
    fc.record(Object.fromEntries(properties.map(([field, schema]) => [field, value(schema)])), {
      requiredKeys: omit ? [...model.newPet.required] : properties.map(([field]) => field),
    }) as fc.Arbitrary<Record<string, unknown>>
  return fc.oneof(
    { weight: 1, arbitrary: body(neutralValueArbitrary, false) },
    { weight: 2, arbitrary: body(whole, true) },
  )
}
