import type { Redactor } from './createRedactor.ts'
import { isCredentialName } from './isCredentialName.ts'

/**
 * The request target as a log line may show it: every credential-named query value
 * (`isCredentialName`) and every secret `redact` knows, in any spelling, becomes `***`. It splits the
 * query on `&` rather than match a regular expression over it: linear whatever the input, so a log
 * line never lets one request freeze the server (decisions/007-hostile-clients.md).
 *
 * @example
 * redactTarget('/v1/pets?api_key=abc') // '/v1/pets?api_key=***'
 * redactTarget('/v1/pets/%6b3y-k3y', createRedactor(['k3y-k3y'])) // '/v1/pets/***'
 */
export function redactTarget(target: string, redact?: Redactor): string {
  const queryAt = target.indexOf('?')
  const safe =
    queryAt < 0 ? target : `${target.slice(0, queryAt + 1)}${redactPairs(target.slice(queryAt + 1))}`
  return redact ? redact(safe) : safe
}

/**
 * A query or a form body (`a=1&b=2`) with the value of each credential-named pair as `***`.
 *
 * @example
 * redactPairs('name=Rex&password=pw') // 'name=Rex&password=***'
 */
export function redactPairs(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=')
      return equals >= 0 && isCredentialName(part.slice(0, equals)) ? `${part.slice(0, equals)}=***` : part
    })
    .join('&')
}
