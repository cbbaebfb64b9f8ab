import { finding } from './Check.ts'
import { excerpt } from './describeResponse.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * An Error body whose `code` or `message` is empty (or only spaces) passes the schema and tells a
 * client nothing: no code to branch on, no sentence to show. Recommended: §7 requires both fields
 * as strings and does not say they are non-empty.
 */
export const errorBodySaysWhy = everyExchange(
  {
    name: 'error_body_says_why',
    level: 'recommended',
    because: '§7 requires code and message as strings; it does not say they may not be empty.',
    description: () => 'Every Error body has a non-empty code and a non-empty message.',
    needs: [],
    appliesTo: (exchange) => exchange.status >= 400,
  },
  (exchange) => {
    const body = exchange.json
    if (typeof body !== 'object' || body === null) return undefined
    const { code, message } = body as Record<string, unknown>
    const empty = [
      ...(typeof code === 'string' && code.trim() === '' ? ['code'] : []),
      ...(typeof message === 'string' && message.trim() === '' ? ['message'] : []),
    ]
    if (empty.length === 0) return undefined
    return finding(
      exchange,
      exchange.operation,
      `${exchange.status} with empty ${empty.join(' and ')}: ${excerpt(exchange.text, 200)}`,
      'an Error body whose code and message say what went wrong',
    )
  },
)
