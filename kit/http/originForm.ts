/**
 * A request target in origin form: an absolute-form target (`GET http://host/v1/pets`, RFC 9112
 * section 3.2.2, which a client talking to a proxy sends) or a recorded absolute URL (a HAR entry)
 * reduced to its path and query, as sent: nothing is normalised, so every reader sees the target the
 * server saw. Anything else (another scheme, an asterisk-form `*`) is returned as it is.
 *
 * @example
 * originForm('http://example.com/v1/pets?limit=2') // '/v1/pets?limit=2'
 * originForm('https://example.com') // '/'
 * originForm('/v1/pets') // '/v1/pets'
 */
export function originForm(target: string): string {
  if (target.charCodeAt(0) === 47) return target
  // After the scheme and the authority: the path and query, up to a fragment.
  const form = /^https?:\/\/[^/?#]*([^#]*)/i.exec(target)?.[1]
  if (form === undefined) return target
  return form.charCodeAt(0) === 47 ? form : `/${form}`
}
