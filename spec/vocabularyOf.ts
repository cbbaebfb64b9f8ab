import { trimTrailingSlashes } from '../kit/text/trimTrailingSlashes.ts'
import { allOfParts, declaredProperties } from './declaredProperties.ts'
import { exampleCodes } from './errorCodeFor.ts'
import type { SpecOperation } from './operations.ts'
import type { JsonSchema, PetStoreDocument } from './PetStoreDocument.ts'

/** An object schema's fields, as every reader of the document needs them. */
export interface ObjectShape {
  /** Every property the schema declares, `allOf` parts included, in declaration order. */
  readonly fields: readonly string[]
  /** Each property's schema. */
  readonly properties: Readonly<Record<string, JsonSchema>>
  /** The required property names. */
  readonly required: readonly string[]
}

/** listPets' `limit`: its bounds and the page size when it is omitted. */
export interface LimitRule {
  readonly minimum: number
  readonly maximum: number
  readonly default: number
}

/**
 * What the code needs to know of the document, read from it once: the mock, the contract suite, the
 * proxy and coverage read these and never a literal path, status value or number. A part of the
 * document that is not there reads as undefined (the mock serves any document; the suite's model
 * refuses one it cannot judge by).
 */
export interface SpecVocabulary {
  /** The path every server of the document shares (`/v1`): where the API lives. `/v1` when they disagree. */
  readonly basePath: string
  /** Operations by `operationId`. */
  readonly operations: ReadonlyMap<string, SpecOperation>
  /** PetStatus, in the document's order: the values of a pet's `status` and of listPets' filter. */
  readonly statuses: readonly string[]
  /** listPets' `limit`, when the document has listPets with a numeric minimum, maximum and default. */
  readonly limit: LimitRule | undefined
  /** Pet: what the service returns and the store keeps. */
  readonly pet: ObjectShape
  /** NewPet: createPet's request body. */
  readonly newPet: ObjectShape
  /** Fields Pet declares and NewPet does not (`id`): the service assigns them. */
  readonly readOnlyFields: readonly string[]
  /** Where one pet lives: the GET path that adds one `{parameter}` to createPet's path (`/pets/{petId}`). */
  readonly item:
    | { readonly operationId: string; readonly template: string; readonly parameter: string }
    | undefined
  /** Every Error `code` the document's examples give, in document order (the interface leaves the set open). */
  readonly errorCodes: readonly string[]
  /** The 5xx statuses createPet documents: refusals that store nothing (the mock's 507). */
  readonly createRefusals: readonly number[]
}

const DEFAULT_BASE_PATH = '/v1'
/** listPets' parameters by name: the page size and the status filter the vocabulary's facts are about. */
export const LIST_PARAMETERS = { limit: 'limit', status: 'status' } as const

/**
 * Reads the vocabulary of a dereferenced document.
 *
 * @example
 * vocabularyOf(document, operations(document)).limit // { minimum: 1, maximum: 100, default: 20 }
 * vocabularyOf(document, operations(document)).item // { operationId: 'getPet', template: '/pets/{petId}', parameter: 'petId' }
 */
export function vocabularyOf(document: PetStoreDocument, all: readonly SpecOperation[]): SpecVocabulary {
  const operations = new Map(all.map((operation) => [operation.operationId, operation]))
  const schemas = document.components.schemas
  const listPets = operations.get('listPets')
  const createPet = operations.get('createPet')
  const getPet = operations.get('getPet')
  const newPet = shapeOf(createPet?.requestBody?.content['application/json']?.schema ?? schemas.NewPet)
  const pet = shapeOf(schemas.Pet ?? getPet?.responses['200']?.content?.['application/json']?.schema)
  return {
    basePath: basePathOf(document),
    operations,
    statuses: statusesOf(schemas.PetStatus, listPets),
    limit: limitOf(listPets),
    pet,
    newPet,
    readOnlyFields: pet.fields.filter((field) => !newPet.fields.includes(field)),
    item: createPet && itemOf(all, createPet.path),
    errorCodes: errorCodesOf(all),
    createRefusals: Object.keys(createPet?.responses ?? {})
      .map(Number)
      .filter((status) => status >= 500 && status <= 599),
  }
}

/** The path of the servers' URLs, their variables at their defaults, when they all agree. */
function basePathOf(document: PetStoreDocument): string {
  const paths = new Set<string>()
  for (const server of document.servers ?? []) {
    let url = server.url
    for (const [name, variable] of Object.entries(server.variables ?? {}))
      url = url.replaceAll(`{${name}}`, variable.default)
    const path = URL.parse(url, 'http://server.invalid')?.pathname
    if (path !== undefined) paths.add(trimTrailingSlashes(path))
  }
  const [only] = paths
  return paths.size === 1 && only !== undefined ? only : DEFAULT_BASE_PATH
}

function statusesOf(petStatus: JsonSchema | undefined, listPets: SpecOperation | undefined): string[] {
  const filter = listPets?.parameters.find((parameter) => parameter.name === LIST_PARAMETERS.status)?.schema
  const values = (petStatus?.enum ?? filter?.enum) as unknown
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : []
}

function limitOf(listPets: SpecOperation | undefined): LimitRule | undefined {
  const schema = listPets?.parameters.find((parameter) => parameter.name === LIST_PARAMETERS.limit)?.schema
  const { minimum, maximum, default: fallback } = schema ?? {}
  if (typeof minimum !== 'number' || typeof maximum !== 'number' || typeof fallback !== 'number')
    return undefined
  return { minimum, maximum, default: fallback }
}

/** Properties and required names of an object schema, through `allOf` (Pet is NewPet plus `id`). */
function shapeOf(schema: JsonSchema | undefined): ObjectShape {
  const parts = allOfParts(schema)
  return {
    fields: declaredProperties(schema),
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: [...new Set(parts.flatMap((part) => (part.required as string[] | undefined) ?? []))],
  }
}

/** The GET operation whose path adds one `{parameter}` segment to `collectionPath`. */
function itemOf(all: readonly SpecOperation[], collectionPath: string): SpecVocabulary['item'] {
  const prefix = `${trimTrailingSlashes(collectionPath)}/`
  for (const operation of all) {
    if (operation.method !== 'get' || !operation.path.startsWith(prefix)) continue
    const rest = operation.path.slice(prefix.length)
    if (/^\{[^/{}]+\}$/.test(rest))
      return { operationId: operation.operationId, template: operation.path, parameter: rest.slice(1, -1) }
  }
  return undefined
}

function errorCodesOf(all: readonly SpecOperation[]): string[] {
  const errors = all.flatMap((operation) =>
    Object.entries(operation.responses).filter(([key]) => /^[45]/.test(key) || key === 'default'),
  )
  return [...new Set(errors.flatMap(([, response]) => exampleCodes(response.content?.['application/json'])))]
}
