import type {
  CompiledSpec,
  LimitRule,
  SpecOperation,
  SpecValidators,
  SpecVocabulary,
} from '../spec/runtime.ts'

/**
 * What the model knows of the interface, read from the vocabulary of the document a run is given
 * (never from constants), so an evolved spec (a fourth status, another limit, an extra optional
 * field) is judged by its own rules. A create answered with one of `createRefusals` is no lost write.
 */
export interface InterfaceModel
  extends Pick<SpecVocabulary, 'statuses' | 'newPet' | 'pet' | 'createRefusals'> {
  /** listPets `limit`, which the model cannot judge without. */
  limit: LimitRule
  /** Read by the spec's one parameter reader, as the mock reads them (decisions/037). */
  listPets: SpecOperation
  getPet: SpecOperation
  validators: SpecValidators
}

/** The operations the model judges: a document without one of them cannot be judged by it. */
const JUDGED = ['listPets', 'createPet', 'getPet'] as const

/**
 * The model of the interface, from the vocabulary and the validators `spec/` made of a document. Throws when the document lacks something the model needs, so a renamed schema, parameter or
 * operation fails loudly rather than being judged by stale rules.
 *
 * @example
 * interfaceModelOf(defaultSpec()).limit // { minimum: 1, maximum: 100, default: 20 }
 * interfaceModelOf(defaultSpec()).statuses // ['available', 'pending', 'sold']
 */
export function interfaceModelOf(spec: Pick<CompiledSpec, 'vocabulary' | 'validators'>): InterfaceModel {
  const { vocabulary, validators } = spec
  for (const operationId of JUDGED)
    if (!vocabulary.operations.has(operationId)) throw new Error(`the spec has no operation '${operationId}'`)
  if (vocabulary.statuses.length === 0) throw new Error('the spec has no string enumeration PetStatus')
  if (!vocabulary.limit)
    throw new Error("the spec's listPets has no 'limit' with a numeric minimum, maximum and default")
  const { newPet, pet } = vocabulary
  if (newPet.fields.length === 0 || pet.fields.length === 0)
    throw new Error('the spec has no createPet body or getPet 200 schema with properties')
  return {
    statuses: vocabulary.statuses,
    limit: vocabulary.limit,
    newPet,
    pet,
    createRefusals: vocabulary.createRefusals,
    listPets: vocabulary.operations.get('listPets') as SpecOperation,
    getPet: vocabulary.operations.get('getPet') as SpecOperation,
    validators,
  }
}
