// The proxy's page at `/__mock/`: what the frontend's traffic broke, live. One HTML document with its
// style and script inline, under a CSP that allows only those two and fetches to the proxy itself.
import { inlinePage, inlinePageHeaders } from '../kit/http/inlinePage.ts'
import { proxyInspectorScript } from './proxyInspectorScript.ts'

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; background: #fafafa; }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; } h2 { font-size: 1.05rem; margin: 1.25rem 0 .4rem; }
.muted { color: #555; margin: .2rem 0; }
section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5rem 1rem 1rem; margin-bottom: 1rem; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
td { overflow-wrap: anywhere; } th { background: #f3f3f3; font-weight: 600; position: sticky; top: 0; }
.scroll { max-height: 30rem; overflow: auto; }
#violations td:nth-child(2), tr[data-violated] td:nth-child(5) { color: #a01010; font-weight: 600; }
#violations td:nth-child(-n+4), #requests td:nth-child(-n+2) { white-space: nowrap; overflow-wrap: normal; }
#no-violations { color: #145a14; }
[role=alert] { color: #8a1010; background: #fde8e8; border: 1px solid #e3a0a0; padding: .4rem .6rem; border-radius: 4px; }
`

const BODY = `
<h1>Pet Store proxy</h1>
<p class="muted">Forwarding to <strong id="upstream">…</strong> · <span id="updated"></span> ·
<a href="/__mock/requests.har">requests.har</a> · <a href="/__mock/coverage.html">coverage</a> ·
<button type="button" id="clear">Clear</button></p>
<p id="error" role="alert" hidden></p>
<section aria-labelledby="violations-title">
  <h2 id="violations-title">Violations: <span id="violation-total" data-testid="violation-total">0</span></h2>
  <p id="no-violations">No exchange broke the document or the interface model.</p>
  <div class="scroll"><table><thead><tr><th>request</th><th>check</th><th>level</th><th>operation</th><th>what was seen</th></tr></thead><tbody id="violations"></tbody></table></div>
</section>
<section aria-labelledby="requests-title">
  <h2 id="requests-title">Requests</h2>
  <p class="muted" id="request-count"></p>
  <div class="scroll"><table><thead><tr><th>time (UTC)</th><th>method</th><th>target</th><th>status</th><th>violations</th></tr></thead><tbody id="requests"></tbody></table></div>
</section>
`

const PAGE = inlinePage('Pet Store proxy', STYLE, BODY, proxyInspectorScript)

/** The page's headers: HTML, a CSP that allows only its own inline style and script, no sniffing, no caching. */
export const PROXY_PAGE_HEADERS: Readonly<Record<string, string>> = inlinePageHeaders(PAGE.csp())

export const PROXY_PAGE_HTML = PAGE.html
