/** The connection-scoped names alone (RFC 9110 §7.6.1): what a raw forward drops of every message. */
const CONNECTION_SCOPED: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
])

/**
 * The connection-scoped names plus `host` and `content-length`, which fetch sets for the next hop: a
 * fetch-based proxy never copies them across. The bench's bare forwarding proxy
 * (`bench/baseline/bareProxy.ts`) forwards with fetch and uses it.
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([...CONNECTION_SCOPED, 'host', 'content-length'])

/**
 * A message's header lines as received (`rawHeaders`: name, value, name, value, …) without the
 * connection-scoped ones, those the `Connection` header names, and `drop` (lower-case names the
 * caller sets itself). Repeated lines stay, in their order and spelling: three `Set-Cookie` stay three.
 *
 * @example
 * endToEndLines(['Connection', 'close, X-Hop', 'X-Hop', '1', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2'])
 * // ['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']
 */
export function endToEndLines(raw: readonly string[], drop: ReadonlySet<string> = new Set()): string[] {
  const named = new Set<string>()
  for (let i = 0; i + 1 < raw.length; i += 2)
    if ((raw[i] as string).toLowerCase() === 'connection')
      for (const name of (raw[i + 1] as string).split(',')) named.add(name.trim().toLowerCase())
  const lines: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase()
    if (CONNECTION_SCOPED.has(name) || named.has(name) || drop.has(name)) continue
    lines.push(raw[i] as string, raw[i + 1] as string)
  }
  return lines
}
