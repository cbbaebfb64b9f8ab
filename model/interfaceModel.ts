import { type JsonSchema, operationById, type PetStoreDocument, parameterOf } from '../spec/runtime.ts'

/**
 * What the model knows of the interface, read from the document a run is given (never from
 * constants), so an evolved spec (a fourth status, another limit, an extra optional field) is
 * judged by its own rules.
 */
export interface InterfaceModel {
  /** PetStatus values, in the document's order. */
  statuses: readonly string[]
  /** listPets `limit`: minimum, maximum and the default when it is omitted. */
  limit: { minimum: number; maximum: number; default: number }
  /** NewPet: every property's schema, and which are required. */
  newPet: { properties: Readonly<Record<string, JsonSchema>>; required: readonly string[] }
  /** Pet: every property a Pet may carry (NewPet's and `id`), which are required. */
  pet: { properties: Readonly<Record<string, JsonSchema>>; required: readonly string[] }
  /**
   * The 5xx statuses the document lists for createPet (the mock's 507: no room to store the pet):
   * a documented refusal that stores nothing, so a create answered with one is not a lost write.
   */
  createRefusals: readonly number[]
}

/**
 * Reads the model of the interface from an OpenAPI document (every `$ref` resolved, as `spec/`
 * hands it out). Throws when the document lacks something the model needs, so a renamed schema
 * fails loudly rather than being judged by stale rules.
 *
 * @example
 * interfaceModelOf(openApiDocument).limit // { minimum: 1, maximum: 100, default: 20 }
 * interfaceModelOf(openApiDocument).statuses // ['available', 'pending', 'sold']
 */
export function interfaceModelOf(document: PetStoreDocument): InterfaceModel {
  const schemas = document.components.schemas
  const statuses = schemas.PetStatus?.enum
  if (!Array.isArray(statuses) || !statuses.every((s) => typeof s === 'string'))
    throw new Error('the spec has no string enumeration PetStatus')
  const limitSchema = parameterOf(operationById(document, 'listPets'), 'limit').schema
  const limit = {
    minimum: numberIn(limitSchema, 'minimum'),
    maximum: numberIn(limitSchema, 'maximum'),
    default: numberIn(limitSchema, 'default'),
  }
  const createPet = operationById(document, 'createPet')
  const createRefusals = Object.keys(createPet.responses)
    .map(Number)
    .filter((status) => status >= 500 && status <= 599)
  const newPetSchema = createPet.requestBody?.content['application/json']?.schema
  const petSchema = operationById(document, 'getPet').responses['200']?.content?.['application/json']?.schema
  if (!newPetSchema || !petSchema) throw new Error('the spec has no createPet body or getPet 200 schema')
  return { statuses, limit, newPet: objectShape(newPetSchema), pet: objectShape(petSchema), createRefusals }
}

function numberIn(schema: JsonSchema, keyword: string): number {
  const value = schema[keyword]
  if (typeof value !== 'number') throw new Error(`the listPets limit schema has no numeric '${keyword}'`)
  return value
}

/** Properties and required names of an object schema, through `allOf` (Pet is NewPet plus id). */
function objectShape(schema: JsonSchema): InterfaceModel['newPet'] {
  const properties: Record<string, JsonSchema> = {}
  const required = new Set<string>()
  const visit = (part: JsonSchema) => {
    Object.assign(properties, part.properties ?? {})
    for (const name of (part.required as string[] | undefined) ?? []) required.add(name)
    for (const sub of (part.allOf as JsonSchema[] | undefined) ?? []) visit(sub)
  }
  visit(schema)
  return { properties, required: [...required] }
}
