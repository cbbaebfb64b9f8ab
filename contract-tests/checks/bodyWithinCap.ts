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
          `${exchange.status} with a body longer than ${exchange.truncated.limitBytes} bytes: the rest was discarded unread`,
          `a body within ${exchange.truncated.limitBytes} bytes (a list is at most ${vocabulary.limit.maximum} pets)`,
        )
      : undefined,
)
