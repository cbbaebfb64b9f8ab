import fc from 'fast-check'
import type { InterfaceModel } from '../../model/interfaceModel.ts'
import type { JsonSchema } from '../../spec/runtime.ts'
import { neutralValueArbitrary, type ValueOptions, valueArbitrary } from './valueArbitrary.ts'

/**
 * NewPet bodies drawn from the whole schema of the document: every property it declares (an
 * evolved spec's extra field too), each optional one sometimes omitted, values across their whole
 * type. About a third are neutral (nothing the document leaves open), so data accumulates even on a
 * server that refuses every value in a gap. Every string starts with `tag` (the run's), gap values included.
 *
 * @example
 * fc.sample(newPetArbitrary(model, { tag: 'ctk2a9q1z' }), 2) // e.g. [{ name: 'ctk2a9q1zKd7', categoryId: 12, status: 'sold' }, { name: 'ctk2a9q1z e\u0301', categoryId: -9223372036854775808n }]
 */
export function newPetArbitrary(
  model: InterfaceModel,
  { exactInt64 = true, tag = '' }: ValueOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(model.newPet.properties)
  const whole = (schema: JsonSchema) => valueArbitrary(schema, { exactInt64, tag })
  const neutral = (schema: JsonSchema) => neutralValueArbitrary(schema, tag)
  const body = (value: typeof whole, omit: boolean) =>
    fc.record(Object.fromEntries(properties.map(([field, schema]) => [field, value(schema)])), {
      requiredKeys: omit ? [...model.newPet.required] : properties.map(([field]) => field),
    }) as fc.Arbitrary<Record<string, unknown>>
  return fc.oneof({ weight: 1, arbitrary: body(neutral, false) }, { weight: 2, arbitrary: body(whole, true) })
}
