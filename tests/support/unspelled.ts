/**
 * A Reproduce line with its percent-encoded characters decoded, so a test can match what was asked
 * whichever form the request went out in (the query percent-encoded, RFC 3986 §2.3: the same URI).
 *
 * @example
 * unspelled("curl -X GET 'http://h/v1/pets?%6C%69%6D%69%74=%35'") // "curl -X GET 'http://h/v1/pets?limit=5'"
 */
export function unspelled(line = ''): string {
  return line.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}
