import { isIP } from 'node:net'

/**
 * Which `Host` headers the HTTP mock answers: DNS rebinding turns an attacker's name into 127.0.0.1,
 * so a page of that name could read and wipe the mock as if it were same-origin. The browser still
 * sends the attacker's name as `Host`, so, as Vite's dev server does, only names that cannot be
 * rebound are served: IP literals, `localhost` and `*.localhost` (RFC 6761: always loopback), the
 * bound host, and `--allowed-host` entries (a leading dot allows every subdomain; `all` allows any).
 */
export type HostPolicy = { allows(hostHeader: string | undefined): boolean }

/**
 * @example
 * hostPolicy(['.example.test']).allows('api.example.test:4010') // true
 * hostPolicy([]).allows('evil.example:4010') // false
 */
export function hostPolicy(allowedHosts: readonly string[] = []): HostPolicy {
  const entries = allowedHosts.map((host) => normaliseName(host))
  if (entries.includes('all')) return { allows: () => true }
  const exact = new Set(entries.filter((entry) => !entry.startsWith('.')))
  const suffixes = entries.filter((entry) => entry.startsWith('.'))
  const judge = (hostHeader: string): boolean => {
    const name = hostnameOf(hostHeader)
    if (name === undefined) return false
    if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true
    return exact.has(name) || suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1))
  }
  // A client sends the same Host on every request: the last header's verdict is kept (a pure
  // function of the string), which takes parsing and the IP check off the request path.
  let lastHeader: string | undefined
  let lastVerdict = false
  return {
    allows(hostHeader) {
      // HTTP/1.0 requests may carry no Host; they cannot come from a browser page.
      if (hostHeader === undefined) return true
      if (hostHeader !== lastHeader) {
        lastVerdict = judge(hostHeader)
        lastHeader = hostHeader
      }
      return lastVerdict
    },
  }
}

/** The host name of a `Host` header without its port, lower-case, no trailing dot; undefined when malformed. */
export function hostnameOf(hostHeader: string): string | undefined {
  // An IP literal in brackets, or a name without a colon; then a port, if any.
  const match = /^(?:\[([^\]]*)\]|([^:[][^:]*))(?::\d{1,5})?$/.exec(hostHeader.trim())
  if (!match) return undefined
  return match[1] === undefined ? normaliseName(match[2] as string) : match[1].toLowerCase()
}

function normaliseName(name: string): string {
  const lower = name.trim().toLowerCase()
  return lower.endsWith('.') ? lower.slice(0, -1) : lower
}

/**
 * Whether a listening address is reachable only from this machine, for the start-up warning.
 *
 * @example
 * isLoopbackHost('127.0.0.1') // true
 * isLoopbackHost('0.0.0.0') // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = normaliseName(host.startsWith('[') ? host.slice(1, -1) : host)
  return name === 'localhost' || name === '::1' || (isIP(name) === 4 && name.startsWith('127.'))
}
