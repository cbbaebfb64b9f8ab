/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus `host` and
 * `content-length`, which fetch sets for the next hop: a proxy never copies them across. Shared with
 * the bench's bare forwarding proxy, so the two forward exactly alike.
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
])
