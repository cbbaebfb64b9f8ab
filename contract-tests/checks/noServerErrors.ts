import { finding } from './Check.ts'
import { excerpt } from './describeResponse.ts'
import { everyExchange } from './everyExchange.ts'

/** Bad input is the client's fault: it gets a 4xx, never a 5xx, a reset or silence. */
export const noServerErrors = everyExchange(
  {
    name: 'no_server_errors',
    level: 'required',
    description: () =>
      'No request the suite sends gets an undocumented 5xx, a reset connection or no answer within the timeout.',
    needs: [],
    readsUnanswered: true,
  },
  (exchange, { documented, validators }) => {
    if (exchange.status === 0) {
      return finding(
        exchange,
        exchange.operation,
        `no response: ${exchange.error}`,
        'a response within the timeout',
      )
    }
    if (exchange.status < 500) return undefined
    // A 5xx the spec documents, with its Error body, is a refusal the target owns up to (the mock's
    // 507: no room to store the pet), not a failure: the checks that needed the write report a skip.
    const status = String(exchange.status)
    if (
      documented.includes(status) &&
      validators.response(exchange.operation, exchange.status)?.(exchange.json)
    )
      return undefined
    const received = `${exchange.status}: ${excerpt(exchange.text, 200)}`
    const expected = 'no 5xx the spec does not document, for any input (§4 lists no 5xx; bad input is a 4xx)'
    return finding(exchange, exchange.operation, received, expected)
  },
)
