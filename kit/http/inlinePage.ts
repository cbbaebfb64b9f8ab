// What a self-contained HTML page of ours (the mock's inspector, the proxy's page) is served with:
// a CSP that allows nothing but its own inline style and script (by hash) and fetches to itself,
// and headers that keep it from being sniffed, cached or leaking a referrer; its script and the
// document around it.
import { type PageKit, pageKit } from './pageKit.ts'

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

/** Such a page: its HTML, and the CSP that allows exactly its inline style and script. */
export interface InlinePage {
  html: string
  /** Hashed on first call, not at import: the mock's browser entry imports its page too, and has no node:crypto. */
  csp(): string
}

/**
 * A page whose script is `main`, serialised and called with the page kit, serialised beside it: the
 * page needs nothing from outside, and the CSP hashes exactly what runs.
 *
 * @example
 * inlinePage('Pet Store proxy', STYLE, BODY, proxyInspectorScript).html // '<!doctype html>…'
 */
export function inlinePage(
  title: string,
  style: string,
  body: string,
  main: (kit: PageKit) => void,
): InlinePage {
  const script = `(${main.toString()})((${pageKit.toString()})())`
  let csp: string | undefined
  return {
    html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${style}</style>
</head>
<body>${body}<script>${script}</script>
</body>
</html>
`,
    csp: () =>
      (csp ??= [
        "default-src 'none'",
        `script-src '${sha256(script)}'`,
        `style-src '${sha256(style)}'`,
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; ')),
  }
}

/**
 * Whether this runtime can hash a page's inline blocks (Node's crypto): not a browser (which serves none).
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
