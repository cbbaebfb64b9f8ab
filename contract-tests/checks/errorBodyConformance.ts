import { finding } from './Check.ts'
import { excerpt } from './describeResponse.ts'
import { everyExchange } from './everyExchange.ts'

/** §7: every error response uses the Error body, all three fields required. */
export const errorBodyConformance = everyExchange(
  {
    name: 'error_body_conformance',
    level: 'required',
    description: () =>
      'Every 4xx/5xx response is an Error body: code (string), message (string), status (integer) (§7).',
    needs: [],
    appliesTo: (exchange) => exchange.status >= 400,
  },
  (exchange, { validators }) => {
    const validate = validators.schema('Error')
    if (validate(exchange.json)) return undefined
    const received = `${exchange.status} with ${excerpt(exchange.text, 200) || 'no body'}`
    const expected = 'an Error body: code (string), message (string), status (integer)'
    return finding(exchange, exchange.operation, received, expected)
  },
)
