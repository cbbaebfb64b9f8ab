// Every parameter example of the spec works against the mock and its seed (fixtures/): a client
// that calls with the documented examples (Postman's example mode, Swagger UI's "Try it out" with
// its prefilled values, a generated client's tests) gets a 2xx, not a 404 for an invented id. The
// cases come from the document: a new parameter or example is tested without an edit here.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import {
  defaultSpec,
  exampleValues,
  operations,
  operationTarget,
  type ParameterObject,
  type ParameterValue,
  type SpecOperation,
} from '../../spec/runtime.ts'
import { KEY, startMock } from '../support/startMock.ts'

const { document } = defaultSpec()

/** Each example of each parameter, as one call: the other required parameters at their first example. */
function calls(): { name: string; operation: SpecOperation; values: Record<string, ParameterValue> }[] {
  const found: { name: string; operation: SpecOperation; values: Record<string, ParameterValue> }[] = []
  for (const operation of operations(document)) {
    const first = (parameter: ParameterObject) => examplesOf(parameter)[0]
    for (const parameter of operation.parameters) {
      for (const [at, example] of examplesOf(parameter).entries()) {
        const values: Record<string, ParameterValue> = {}
        for (const other of operation.parameters) {
          if (!other.required || other === parameter) continue
          const value = first(other)
          if (value === undefined) throw new Error(`${operation.operationId}: '${other.name}' has no example`)
          values[other.name] = value as ParameterValue
        }
        values[parameter.name] = example as ParameterValue
        found.push({
          name: `${operation.operationId} ${parameter.name} example ${at + 1}`,
          operation,
          values,
        })
      }
    }
  }
  return found
}

/** A parameter's examples: its own `example` and `examples`, else its schema's `example`. */
function examplesOf(parameter: ParameterObject): unknown[] {
  const own = exampleValues(parameter as Parameters<typeof exampleValues>[0])
  if (own.length > 0) return own
  const schemaExample = (parameter.schema as { example?: unknown }).example
  return schemaExample === undefined ? [] : [schemaExample]
}

let mock: Awaited<ReturnType<typeof startMock>>
beforeAll(async () => {
  mock = await startMock()
})
afterAll(() => new Promise((resolve) => mock.mock.server.close(resolve)))

describe('parameter examples against the mock', () => {
  test('every parameter of every operation has an example', () => {
    const without = operations(document).flatMap((operation) =>
      operation.parameters
        .filter((parameter) => examplesOf(parameter).length === 0)
        .map((parameter) => `${operation.operationId} ${parameter.name}`),
    )
    expect(without).toEqual([])
  })

  test.each(calls().map((call) => [call.name, call] as const))('%s answers 2xx', async (_name, call) => {
    const body = exampleValues(call.operation.requestBody?.content?.['application/json'])[0]
    const response = await fetch(`${mock.origin}/v1${operationTarget(call.operation, call.values)}`, {
      method: call.operation.method.toUpperCase(),
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    expect(`${response.status} ${await response.text()}`).toMatch(/^2\d\d /)
  })
})
