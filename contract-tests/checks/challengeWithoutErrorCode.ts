import { finding } from './Check.ts'
import { everyExchange } from './everyExchange.ts'

/**
 * RFC 6750 §3.1: "If the request lacks any authentication information (e.g., the client was unaware
 * that authentication is necessary ...), the resource server SHOULD NOT include an error code or
 * other error information." So a 401 to a request with no Authorization header challenges plainly
 * (`Bearer realm="..."`), and keeps `error="invalid_request"` / `"invalid_token"` for a header
 * that is there and wrong. An Authorization field with an empty value lacks it too. Recommended: the document does not show the 401's headers.
 */
export const challengeWithoutErrorCode = everyExchange(
  {
    name: 'challenge_without_error_code',
    level: 'recommended',
    because: 'the document does not show the headers of a 401; RFC 6750 §3.1 says SHOULD NOT, not MUST NOT.',
    description: () =>
      'A 401 to a request with no Authorization header, or an empty one, carries a Bearer challenge with no error code (RFC 6750 §3.1).',
    needs: [],
    appliesTo: (exchange) => exchange.status === 401 && sentNoCredentials(exchange.request),
  },
  (exchange) => {
    const challenge = exchange.headers.get('www-authenticate')
    if (challenge === null || !/\berror\s*=/i.test(challenge)) return undefined
    return finding(
      exchange,
      exchange.operation,
      `401 with WWW-Authenticate ${challenge} to a request with ${exchange.request.authorization?.length ? 'an empty' : 'no'} Authorization header`,
      'a Bearer challenge with no error code (RFC 6750 §3.1)',
    )
  },
)

/**
 * The request carried no credentials: no Authorization field (sendRequest adds one unless told not
 * to), or only a field with nothing in it, which holds no authentication information either.
 */
function sentNoCredentials(request: {
  auth?: string | undefined
  authorization?: ReadonlyArray<{ value: string }> | undefined
}): boolean {
  return request.authorization
    ? request.authorization.every((line) => line.value.trim() === '')
    : request.auth === 'none'
}
