// What a self-contained HTML page of ours (the mock's inspector, the proxy's page) is served with:
// a CSP that allows nothing but its own inline style and script (by hash) and fetches to itself,
// and headers that keep it from being sniffed, cached or leaking a referrer.

/**
 * The Content-Security-Policy for a page whose only script and style are `script` and `style`, inline.
 *
 * @example
 * inlinePageCsp('(() => {})()', 'body{}') // "default-src 'none'; script-src 'sha256-…'; …"
 */
export function inlinePageCsp(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src '${sha256(script)}'`,
    `style-src '${sha256(style)}'`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The headers of such a page, given its CSP. */
export function inlinePageHeaders(csp: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  }
}

/**
 * Whether this runtime can hash a page's inline blocks (Node's crypto, synchronously): false in a
 * browser, where such a page is not served.
 *
 * @example
 * canHashInlinePages() // true in Node
 */
export function canHashInlinePages(): boolean {
  return typeof globalThis.process?.getBuiltinModule === 'function'
}

function sha256(text: string): string {
  // Loaded here, not imported: `import ... from 'node:crypto'` builds an ES module facade whose Web
  // Crypto getters load at every start-up, for a hash each page needs once.
  const { createHash } = process.getBuiltinModule('node:crypto')
  return `sha256-${createHash('sha256').update(text).digest('base64')}`
}
