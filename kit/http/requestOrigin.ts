/**
 * The origin a request reached, `http://` and its `Host` header, or undefined when that header is
 * absent or is not a bare host (a name or IP literal with an optional port: no path, user info,
 * query or fragment). The HTTP mock answers only a `Host` its host policy allows (kit/guard), so
 * what this gives back was already judged: it never reflects a name the guard refused.
 *
 * @example
 * requestOrigin('127.0.0.1:4010') // 'http://127.0.0.1:4010'
 * requestOrigin('evil.example/x?') // undefined
 */
export function requestOrigin(host: string | undefined): string | undefined {
  if (host === undefined || host === '' || host.length > 300 || /[\s/?#@\\"'<>`]/.test(host)) return undefined
  const url = URL.parse(`http://${host}`)
  if (!url || url.hostname === '' || url.username !== '' || url.password !== '' || url.pathname !== '/')
    return undefined
  return url.origin
}
