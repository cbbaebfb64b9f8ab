import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { API_DOCS_PATH, SPEC_JSON_PATH } from '../../kit/guard/controlPath.ts'
import type { ApiRequest } from '../../kit/http/ApiRequest.ts'
import type { ApiResponse } from '../../kit/http/ApiResponse.ts'
import { errorResponse } from '../../kit/http/errorResponse.ts'
import { inlinePageHeaders } from '../../kit/http/inlinePage.ts'

// Swagger UI starts on the served document as JSON (the mock first among its servers), with the
// validator off: it would send the document to validator.swagger.io.
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(SPEC_JSON_PATH)},
  dom_id: '#swagger-ui',
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
})
`

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pet Store mock: API docs</title>
<link rel="stylesheet" href="${API_DOCS_PATH}swagger-ui.css">
<link rel="icon" href="data:,">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}init.js"></script>
</body>
</html>
`

/**
 * What the page may do, and nothing more: scripts and the stylesheet from the mock itself (the
 * package's files, no CDN; no inline script or style), its icons as `data:` images (the
 * stylesheet's), and calls to this mock only ("Try it out" on the first server, the mock itself).
 * A server chosen from the document's others is refused by the browser: use a Swagger UI of your
 * own against `/__mock/openapi.yaml` for those. tests/browser/apiDocsPage.e2e.ts fails on any
 * violation.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src data:',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** The package's files the page loads, by name under `/__mock/docs/`. */
const PACKAGE_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

const NOT_INSTALLED = `Swagger UI is optional and not installed beside this mock: npm install --save-dev swagger-ui-dist adds it (${SPEC_JSON_PATH} has the document).`
/** The files as read from swagger-ui-dist, once, on first request (1.9 MB: not read at start-up). */
const files = new Map<string, string>()

/**
 * The API docs page at `/__mock/docs/`: Swagger UI, served offline from the `swagger-ui-dist`
 * package, on the document this mock serves (`/__mock/openapi.json`), so "Try it out" calls the
 * mock without choosing a server. GET and HEAD only; no key needed to read it (the page asks for
 * the key with its Authorize button, and sends it only to the mock). swagger-ui-dist is an optional
 * peer (12 MB, and an install-time telemetry script): without it every path here says how to add it.
 *
 * @example
 * apiDocsAnswer(apiRequest({ method: 'GET', target: '/__mock/docs/' })).headers['content-security-policy'] // API_DOCS_CSP
 */
export function apiDocsAnswer(request: ApiRequest): ApiResponse {
  const { method, path } = request
  if (method !== 'GET' && method !== 'HEAD')
    return errorResponse(405, 'method_not_allowed', `Only GET is allowed on ${path}.`, { allow: 'GET, HEAD' })
  let directory: string
  try {
    directory = packageDirectory()
  } catch {
    return errorResponse(404, 'route_not_found', NOT_INSTALLED)
  }
  const name = path.slice(API_DOCS_PATH.length)
  if (path.length < API_DOCS_PATH.length || name === '' || name === 'index.html')
    return { status: 200, headers: inlinePageHeaders(API_DOCS_CSP), text: HTML }
  if (name === 'init.js') return asset('text/javascript; charset=utf-8', INIT)
  const type = Object.hasOwn(PACKAGE_FILES, name) ? PACKAGE_FILES[name] : undefined
  if (type === undefined)
    return errorResponse(404, 'route_not_found', `No file ${path}; the API docs page is ${API_DOCS_PATH}.`)
  const text = files.get(name) ?? readFileSync(join(directory, name), 'utf8')
  files.set(name, text)
  return asset(type, text)
}

function asset(type: string, text: string): ApiResponse {
  return {
    status: 200,
    headers: { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'max-age=3600' },
    text,
  }
}

/** swagger-ui-dist's folder, looked up on each request (installed while the mock runs works too). */
function packageDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
}
