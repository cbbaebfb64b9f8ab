import { plural } from '../../kit/text/plural.ts'
import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * The suite reads at most --max-body bytes of a response (1 MiB by default) and closes the
 * connection past that, so a hostile body costs the cap. A body that long cannot be judged; the
 * document sets no size, so this is a recommended check, and the hint names --max-body.
 */
export const bodyWithinCap = everyExchange(
  {
    name: 'body_within_cap',
    level: 'recommended',
    because:
      'the document shows no response size limit (§8: not shown); a body past the suite’s cap cannot be judged.',
    description: () =>
      'Every response body fits in the cap the suite reads (--max-body, 1 MiB by default); a longer one is cut and cannot be judged.',
    needs: [],
    readsTruncated: true,
  },
  (exchange, { vocabulary }) =>
    exchange.truncated
      ? finding(
          exchange,
          exchange.operation,
          `${exchange.status} with a body longer than ${plural(exchange.truncated.limitBytes, 'byte')}: the rest was discarded unread`,
          `a body within ${plural(exchange.truncated.limitBytes, 'byte')} (a list is at most ${plural(vocabulary.limit.maximum, 'pet')})`,
        )
      : undefined,
)
