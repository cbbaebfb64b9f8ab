import { plural } from '../../kit/text/plural.ts'
import { MAX_ANSWER_DEPTH } from '../http/exchange.ts'
import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * The suite reads at most --max-body bytes of a response (1 MiB by default), closing the connection
 * past that, and parses none nested past MAX_ANSWER_DEPTH: a hostile body costs the cap. Such a body
 * cannot be judged; the document sets no size, so this check is recommended; the hint names --max-body.
 */
export const bodyWithinCap = everyExchange(
  {
    name: 'body_within_cap',
    level: 'recommended',
    because:
      'the document shows no response size limit (§8: not shown); a body past the suite’s cap cannot be judged.',
    description: () =>
      `Every response body fits in the cap the suite reads (--max-body, 1 MiB by default) and nests at most ${plural(MAX_ANSWER_DEPTH, 'level')}; another is not read whole and cannot be judged.`,
    needs: [],
    readsTruncated: true,
  },
  (exchange, { vocabulary }) =>
    exchange.truncated
      ? finding(
          exchange,
          exchange.operation,
          `${exchange.status} with a body ${exchange.truncated.why}`,
          `a body within ${plural(exchange.truncated.limitBytes, 'byte')} and ${plural(MAX_ANSWER_DEPTH, 'level')} (a list is at most ${plural(vocabulary.limit.maximum, 'pet')})`,
        )
      : undefined,
)
