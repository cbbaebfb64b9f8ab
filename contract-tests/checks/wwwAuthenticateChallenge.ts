import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/** A gap: the document does not name the header, but HTTP clients expect the challenge with a 401. */
export const wwwAuthenticateChallenge = everyExchange(
  {
    name: 'www_authenticate_challenge',
    level: 'recommended',
    because:
      'the document requires 401 but does not show its headers; RFC 9110 §11.6.1 and RFC 6750 say a 401 carries a Bearer challenge.',
    description: () => 'A 401 carries a WWW-Authenticate: Bearer challenge (RFC 9110 §11.6.1, RFC 6750).',
    needs: [],
    appliesTo: (exchange) => exchange.status === 401,
  },
  (exchange) => {
    const challenge = exchange.headers.get('www-authenticate')
    if (/^bearer\b/i.test(challenge ?? '')) return undefined
    const received = `401 with WWW-Authenticate ${challenge ?? 'missing'}`
    return finding(exchange, exchange.operation, received, 'WWW-Authenticate: Bearer ...')
  },
)
