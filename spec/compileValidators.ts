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
  const ajv = createAjv({ ...(options.allErrors === undefined ? {} : { allErrors: options.allErrors }) })
  // Dereferencing copies a shared schema (Error) into every response that uses it; compiling is the
  // expensive part, so each distinct schema is compiled once.
  const compiled = new Map<string, ValidateFunction>()
  const compile = (schema: JsonSchema): ValidateFunction => {
    const key = JSON.stringify(schema)
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.compile(schema)
      compiled.set(key, validate)
    }
    return validate
  }
  // Eager by default: a document loaded from a file is refused at load when a schema cannot compile
  // (an unknown keyword, a pattern RE2 cannot run). `lazy` compiles each on first use: for the
  // packaged document, which the project's tests compile whole, so start-up skips what the first
  // request does not need.
  // Bounded before anything compiles, eager or lazy (SPEC_LIMITS.maxSchemaValues, maxCompiledValues).
  const charge = compileBudget()
  type Entry = { schema: JsonSchema; validate?: ValidateFunction }
  const entry = (schema: JsonSchema, where: string): Entry => {
    charge(schema, where)
    return options.lazy ? { schema } : { schema, validate: compile(schema) }
  }
  const validatorOf = (found: Entry | undefined): ValidateFunction | undefined => {
    if (found === undefined) return undefined
    found.validate ??= compile(found.schema)
    return found.validate
  }

  const schemas = new Map<string, Entry>()
  for (const [name, schema] of Object.entries(document.components.schemas))
    schemas.set(name, entry(schema, `components/schemas/${name}`))

  const responses = new Map<string, Entry>()
  const requestBodies = new Map<string, Entry>()
  const parameters = new Map<string, Entry>()
  const responseSets = new Map<string, Record<string, ResponseObject>>()
  for (const operation of operations(document)) {
    responseSets.set(operation.operationId, operation.responses)
    for (const [status, response] of Object.entries(operation.responses)) {
      const schema = response.content?.[JSON_MEDIA_TYPE]?.schema
      if (schema)
        responses.set(
          `${operation.operationId} ${status}`,
          entry(schema, `of the ${status} response of ${operation.operationId}`),
        )
    }
    const bodySchema = operation.requestBody?.content[JSON_MEDIA_TYPE]?.schema
    if (bodySchema)
      requestBodies.set(
        operation.operationId,
        entry(bodySchema, `of the request body of ${operation.operationId}`),
      )
    for (const parameter of operation.parameters) {
      parameters.set(
        `${operation.operationId} ${parameter.name}`,
        entry(parameter.schema, `of parameter ${parameter.name} of ${operation.operationId}`),
      )
    }
  }

  const need = <T>(found: T | undefined, what: string): T => {
    if (found === undefined) throw new Error(`spec/openapi.yaml has no ${what}`)
    return found
  }
  return {
    schema: (name) => need(validatorOf(schemas.get(name)), `component schema '${name}'`),
    response: (operationId, status) => {
      const documented = responseSets.get(operationId)
      const key = documented && documentedResponseKey(documented, Number(status))
      return key === undefined ? undefined : validatorOf(responses.get(`${operationId} ${key}`))
    },
    requestBody: (operationId) =>
      need(validatorOf(requestBodies.get(operationId)), `request body for '${operationId}'`),
    parameter: (operationId, name) =>
      need(validatorOf(parameters.get(`${operationId} ${name}`)), `parameter '${name}' of '${operationId}'`),
  }
}
