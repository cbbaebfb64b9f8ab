/** A server entry of an OpenAPI document: the one the mock adds for itself. */
export interface ServedServer {
  url: string
  description: string
}

const ITEM_INDENT = /^([ \t]*)- /

/**
 * The document's YAML text with `server` as the first item of its `servers`, every byte of the
 * rest kept (comments, order, `$ref`s): the document as written, plus where it was fetched from.
 * A document whose `servers` is not a block list at the top level (flow style, JSON text, none) is
 * given back unchanged, with its own servers only.
 *
 * @example
 * yamlWithServer('servers:\n  - url: https://x/v1\n', { url: 'http://127.0.0.1:4010/v1', description: 'This mock' })
 * // 'servers:\n  - url: "http://127.0.0.1:4010/v1"\n    description: "This mock"\n  - url: https://x/v1\n'
 */
export function yamlWithServer(text: string, server: ServedServer): string {
  const key = serversKeyLine(text)
  if (!key) return text
  const { newline, after } = key
  const indent = firstItemIndent(text, after, newline)
  if (indent === undefined) return text
  // JSON strings are YAML double-quoted scalars: any URL or description is written safely.
  const item =
    `${indent}- url: ${JSON.stringify(server.url)}${newline}` +
    `${indent}  description: ${JSON.stringify(server.description)}${newline}`
  return text.slice(0, after) + item + text.slice(after)
}

/**
 * The document as JSON with `server` first among its `servers`.
 *
 * @example
 * JSON.parse(jsonWithServer(document, server)).servers[0] // server
 */
export function jsonWithServer(document: { servers?: readonly unknown[] }, server: ServedServer): string {
  return JSON.stringify({ ...document, servers: [server, ...(document.servers ?? [])] }, null, 2)
}

/**
 * The top-level `servers:` key of a YAML document in block style, alone on its line (a comment may
 * follow): where its line ends, and the line ending used. At column 0 it cannot sit inside a block
 * scalar, whose lines are indented. A scan, not a regular expression: one pass over the text.
 */
function serversKeyLine(text: string): { newline: string; after: number } | undefined {
  let at = 0
  while (at < text.length) {
    const end = text.indexOf('\n', at)
    if (end === -1) return undefined
    if (text.startsWith('servers:', at)) {
      const rest = text
        .slice(at + 'servers:'.length, end)
        .replace(/\r$/, '')
        .trimStart()
      if (rest === '' || rest.startsWith('#'))
        return { newline: text[end - 1] === '\r' ? '\r\n' : '\n', after: end + 1 }
    }
    at = end + 1
  }
  return undefined
}

/**
 * The indentation of the list item the key's value starts with (two spaces when the value is empty:
 * the next line is another top-level key); undefined when the value is something else.
 */
function firstItemIndent(text: string, from: number, newline: string): string | undefined {
  let at = from
  while (at < text.length) {
    const end = text.indexOf(newline, at)
    const line = text.slice(at, end === -1 ? text.length : end)
    if (line.trim() !== '' && !line.trimStart().startsWith('#'))
      return ITEM_INDENT.exec(line)?.[1] ?? (/^[ \t]/.test(line) ? undefined : '  ')
    if (end === -1) break
    at = end + newline.length
  }
  return '  '
}
