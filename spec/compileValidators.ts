import type { ValidateFunction } from 'ajv'
import { compileBudget } from './compileBudget.ts'
import { createAjv } from './createAjv.ts'
import { documentedResponseKey } from './documentedStatus.ts'
import { operations } from './operations.ts'
import type { JsonSchema, PetStoreDocument, ResponseObject } from './PetStoreDocument.ts'

/** Compiled validators for one document, built once. Every schema comes from the document. */
export interface SpecValidators {
  /** A component schema by name (`Pet`, `NewPet`, `Pets`, `Error`, `PetStatus`). */
  schema(name: string): ValidateFunction
  /**
   * The JSON body schema of the response that documents `status` (exact, `4XX` range or `default`, see
   * `documentedResponseKey`), or undefined when none does or it has no JSON body.
   */
  response(operationId: string, status: number | string): ValidateFunction | undefined
  /** The JSON request body schema of an operation. */
  requestBody(operationId: string): ValidateFunction
  /** The schema of one parameter of an operation (after the parameter text is parsed). */
  parameter(operationId: string, name: string): ValidateFunction
}

const JSON_MEDIA_TYPE = 'application/json'

/**
 * Compiles a validator for every schema the document holds: components, request bodies,
 * response bodies and parameters.
 *
 * @example
 * const validators = compileValidators(await loadSpec())
 * validators.schema('NewPet')({ name: 'Rex' }) // false: categoryId is required
 */
export function compileValidators(
  document: PetStoreDocument,
  options: { allErrors?: boolean; lazy?: boolean } = {},
): SpecValidators {
  const ajv = createAjv(options)
  // Dereferencing copies a shared schema (Error) into every response that uses it; compiling is the
  // expensive part, so each distinct schema is compiled once.
  const compiled = new Map<string, ValidateFunction>()
  const compile = (schema: JsonSchema): ValidateFunction => {
    const key = JSON.stringify(schema)
    const validate = compiled.get(key) ?? ajv.compile(schema)
    compiled.set(key, validate)
    return validate
  }
  // Eager by default: a document loaded from a file is refused at load when a schema cannot compile
  // (an unknown keyword, a pattern RE2 cannot run). `lazy` compiles each on first use: for the
  // packaged document, which the project's tests compile whole, so start-up skips what the first
  // request does not need.
  // Bounded before anything compiles, eager or lazy (SPEC_LIMITS.maxSchemaValues, maxCompiledValues).
  const charge = compileBudget()
  // Every schema by what it is: `schema Pet`, `response getPet 404`, `body createPet`, `parameter listPets limit`.
  const entries = new Map<string, { schema: JsonSchema; validate?: ValidateFunction }>()
  const add = (key: string, schema: JsonSchema | undefined, where: string) => {
    if (!schema) return
    charge(schema, where)
    entries.set(key, options.lazy ? { schema } : { schema, validate: compile(schema) })
  }
  const validatorOf = (key: string): ValidateFunction | undefined => {
    const found = entries.get(key)
    if (found) found.validate ??= compile(found.schema)
    return found?.validate
  }

  for (const [name, schema] of Object.entries(document.components.schemas))
    add(`schema ${name}`, schema, `components/schemas/${name}`)
  const responseSets = new Map<string, Record<string, ResponseObject>>()
  for (const { operationId, responses, requestBody, parameters } of operations(document)) {
    responseSets.set(operationId, responses)
    for (const [status, response] of Object.entries(responses))
      add(
        `response ${operationId} ${status}`,
        response.content?.[JSON_MEDIA_TYPE]?.schema,
        `of the ${status} response of ${operationId}`,
      )
    const body = requestBody?.content[JSON_MEDIA_TYPE]?.schema
    add(`body ${operationId}`, body, `of the request body of ${operationId}`)
    for (const { name, schema } of parameters)
      add(`parameter ${operationId} ${name}`, schema, `of parameter ${name} of ${operationId}`)
  }

  const need = (key: string, what: string): ValidateFunction => {
    const found = validatorOf(key)
    if (found === undefined) throw new Error(`spec/openapi.yaml has no ${what}`)
    return found
  }
  return {
    schema: (name) => need(`schema ${name}`, `component schema '${name}'`),
    response: (operationId, status) => {
      const documented = responseSets.get(operationId)
      const key = documented && documentedResponseKey(documented, Number(status))
      return key === undefined ? undefined : validatorOf(`response ${operationId} ${key}`)
    },
    requestBody: (operationId) => need(`body ${operationId}`, `request body for '${operationId}'`),
    parameter: (operationId, name) =>
      need(`parameter ${operationId} ${name}`, `parameter '${name}' of '${operationId}'`),
  }
}
