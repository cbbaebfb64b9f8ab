/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy drops them from
 * every message it forwards. Shared with the bench's bare forwarding proxy, so the two forward alike.
 */
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
 * A message's `rawHeaders` (name, value, …) without the connection-scoped ones, those `Connection`
 * names, and `drop` (lower-case); repeated lines stay, in order and spelling.
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
