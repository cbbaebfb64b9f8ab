/**
 * Neither the accepted keys (as sent or percent-encoded, anywhere in the text) nor query values that
 * look like credentials reach a log line.
 *
 * @example
 * redact('/v1/pets?api_key=abc', []) // '/v1/pets?api_key=***'
 * redact('/v1/pets/k3y', ['k3y']) // '/v1/pets/***'
 */
export function redact(text: string, keys: readonly string[]): string {
  let safe = text.replace(/([?&][^=&]*(?:key|token|auth|secret|password)[^=&]*=)[^&]*/gi, '$1***')
  for (const key of keys) {
    for (const form of [key, encodeURIComponent(key)])
      if (safe.includes(form)) safe = safe.replaceAll(form, '***')
  }
  return safe
}
