import { API_DOCS_PATH, CONTROL_PREFIX, SPEC_JSON_PATH, SPEC_YAML_PATH } from '../kit/guard/controlPath.ts'
import type { ApiResponse } from '../kit/http/ApiResponse.ts'
import { errorResponse } from '../kit/http/errorResponse.ts'
import { canHashInlinePages, type InlinePage, inlinePage, inlinePageHeaders } from '../kit/http/inlinePage.ts'
import { inspectorScript } from './inspectorScript.ts'

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; background: #fafafa; }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; } h2 { font-size: 1.05rem; margin: 1.25rem 0 .4rem; }
header p, .muted { color: #555; margin: .2rem 0; } header { margin-bottom: 1rem; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 1.5rem; }
section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5rem 1rem 1rem; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .2rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; white-space: nowrap; }
#pets td:nth-child(2) { white-space: normal; overflow-wrap: anywhere; width: 100%; }
#requests td:nth-child(3) { white-space: normal; overflow-wrap: anywhere; min-width: 6rem; }
th { background: #f3f3f3; font-weight: 600; position: sticky; top: 0; }
.scroll { max-height: 34rem; overflow: auto; } .stack { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.5rem; align-content: start; }
button { margin: .1rem 0; padding: .2rem .6rem; border: 1px solid #888; border-radius: 4px; background: #f6f6f6; cursor: pointer; }
button:hover { background: #e8e8e8; } ul { padding-left: 1.2rem; margin: .3rem 0; }
#sessions a { margin-right: .6rem; }
#evicted { color: #6b4a00; background: #fff4d6; border: 1px solid #e0c070; padding: .4rem .6rem; border-radius: 4px; }
#requests td:nth-child(6) { white-space: pre-wrap; overflow-wrap: anywhere; min-width: 24ch; width: 100%; max-width: 24rem; font-family: ui-monospace, monospace; font-size: 12px; }
tr[data-forced] td:nth-child(4) { font-style: italic; white-space: normal; min-width: 7rem; }
[role=alert] { color: #8a1010; background: #fde8e8; border: 1px solid #e3a0a0; padding: .4rem .6rem; border-radius: 4px; }
tr[data-status^="4"] td:nth-child(4), tr[data-status^="5"] td:nth-child(4) { color: #a01010; font-weight: 600; }
#violations td:nth-child(2), tr[data-violated] td:nth-child(7) { color: #a01010; font-weight: 600; }
#no-violations { color: #145a14; }
`

/** The journal of requests, as both pages show it; the proxy's has the verdicts' column. */
const requestsSection = (clear: string, verdicts: string) => `
    <section aria-labelledby="requests-title">
      <h2 id="requests-title">Requests</h2>
      <p class="muted"><span id="request-count"></span>${clear}</p>
      <div class="scroll"><table><thead><tr><th>time (UTC)</th><th>method</th><th>path</th><th>status</th><th>operation</th><th>body</th>${verdicts}</tr></thead><tbody id="requests"></tbody></table></div>
    </section>`

const MOCK_BODY = `
<header>
  <h1>Pet Store mock inspector</h1>
  <p>Session <strong id="session-name">…</strong> · <span id="updated"></span></p>
  <form id="session-form">
    <label>Session (X-Mock-Session; empty: the default) <input id="session-input" autocomplete="off" maxlength="64"></label>
    <button type="submit">Open</button>
  </form>
  <p class="muted">The API: <a id="api-docs" href="${API_DOCS_PATH}">docs and "Try it out" (Swagger UI)</a> · <a href="${SPEC_YAML_PATH}">openapi.yaml</a> · <a href="${SPEC_JSON_PATH}">openapi.json</a> · <a href="${CONTROL_PREFIX}/coverage.html">coverage</a></p>
  <p class="muted">Live sessions: <span id="sessions"></span> <span id="evictions"></span> · <span id="memory"></span></p>
  <p id="error" role="alert" hidden></p>
  <p id="evicted" role="status" hidden></p>
</header>
<main>
  <section aria-labelledby="pets-title">
    <h2 id="pets-title">Pets</h2>
    <p class="muted"><span id="pet-count"></span>, newest first · <button type="button" id="reset">Reset session</button></p>
    <div class="scroll"><table><thead><tr><th>id</th><th>name</th><th>category</th><th>status</th></tr></thead><tbody id="pets"></tbody></table></div>
  </section>
  <div class="stack">
    <section aria-labelledby="force-title">
      <h2 id="force-title">Force the next response</h2>
      <p class="muted">Each button makes the next call of that operation in this session answer that documented error status, once.</p>
      <ul id="forceable"></ul>
      <p><span id="pending" data-testid="pending"></span> <button type="button" id="clear-forced">Clear</button></p>
    </section>${requestsSection(' · <button type="button" id="clear-journal">Clear journal</button>', '')}
  </div>
</main>
`

const PROXY_BODY = `
<header>
  <h1>Pet Store proxy</h1>
  <p class="muted">Forwarding to <strong id="upstream">…</strong> · <span id="updated"></span> ·
  <a href="${CONTROL_PREFIX}/requests.har">requests.har</a> · <a href="${CONTROL_PREFIX}/coverage.html">coverage</a> ·
  <button type="button" id="clear">Clear</button></p>
  <p id="error" role="alert" hidden></p>
</header>
<div class="stack">
  <section aria-labelledby="violations-title">
    <h2 id="violations-title">Violations: <span id="violation-total" data-testid="violation-total">0</span></h2>
    <p id="no-violations">No exchange broke the document or the interface model.</p>
    <div class="scroll"><table><thead><tr><th>request</th><th>check</th><th>level</th><th>operation</th><th>what was seen</th></tr></thead><tbody id="violations"></tbody></table></div>
  </section>${requestsSection('', '<th>violations</th>')}
</div>
`

const PAGES: Record<'mock' | 'proxy', InlinePage> = {
  mock: inlinePage('Pet Store mock inspector', STYLE, MOCK_BODY, inspectorScript),
  proxy: inlinePage('Pet Store proxy', STYLE, PROXY_BODY, inspectorScript),
}

/**
 * The inspector page at `/__mock/`, one for the mock and the proxy, drawn by one script
 * (inspectorScript): the mock's shows a session's pets, the forced responses and its journal; the
 * proxy's what the traffic broke and its journal, with the verdicts. One HTML document with its
 * style and script inline (no build step, no external resource), locked down by a CSP that allows
 * only those two, and fetches to the server itself. The mock's page picks its session from
 * `?session=NAME`. The control plane answers HEAD as GET; the edge sends no body for it.
 *
 * @example
 * inspectorPage('mock').headers['content-type'] // 'text/html; charset=utf-8'
 */
export function inspectorPage(kind: 'mock' | 'proxy'): ApiResponse {
  // A service worker never sees a navigation to the page, so the browser entry need not serve it.
  const message = `The inspector page is served in Node only (the HTTP mock, setupServer); read ${CONTROL_PREFIX}/session and ${CONTROL_PREFIX}/requests instead.`
  if (!canHashInlinePages()) return errorResponse(404, 'route_not_found', message)
  const page = PAGES[kind]
  return { status: 200, headers: inlinePageHeaders(page.csp()), text: page.html }
}
