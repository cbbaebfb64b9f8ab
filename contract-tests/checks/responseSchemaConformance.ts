import { describeAjvErrors } from '../../spec/runtime.ts'
import { finding } from './Check.ts'
import { excerpt } from './describeResponse.ts'
import { everyExchange } from './everyExchange.ts'

/** The body of every documented response matches its schema, compiled by Ajv from spec/openapi.yaml. */
export const responseSchemaConformance = everyExchange(
  {
    name: 'response_schema_conformance',
    level: 'required',
    description: () =>
      'Every documented response body matches its schema in the spec (Ajv, compiled from spec/openapi.yaml).',
    needs: [],
  },
  (exchange, { validators }) => {
    const validate = validators.response(exchange.operation, exchange.status)
    if (!validate || validate(exchange.json)) return undefined
    const received = `${exchange.status} with ${excerpt(exchange.text) || 'no body'}: ${describeAjvErrors(validate.errors, 'body')}`
    const expected = `the ${exchange.status} response schema of ${exchange.operation}`
    return finding(exchange, exchange.operation, received, expected)
  },
)
