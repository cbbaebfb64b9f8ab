// Every HTML page we write: one document shell. A report's page (the contract run's, coverage's) runs
// no script: its CSP allows nothing but its own inline style, and it shares the style of its tables.

/**
 * A whole HTML document in English, UTF-8: `head` (title, style, links) and `body` in the shell.
 *
 * @example
 * htmlPage('<title>Pet Store proxy</title>', '<h1>Traffic</h1>') // '<!doctype html>\n<html lang="en">…'
 */
export function htmlPage(head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${head}
</head>
<body>
${body}
</body>
</html>
`
}

/**
 * A report's page: no script, nothing fetched, titled `title` (already escaped), `style` after the shared one.
 *
 * @example
 * reportPage('Coverage: http://127.0.0.1:4010/v1', 'tr.never td { background: #fdecea }', '<h1>Coverage</h1>')
 */
export function reportPage(title: string, style: string, body: string): string {
  return htmlPage(
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${title}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2rem; color: #222 }
table { border-collapse: collapse; margin-bottom: 1.5rem }
th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left }
meter { width: 8rem }
${style}
</style>`,
    body,
  )
}
