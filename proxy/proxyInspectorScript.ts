import type { PageKit } from '../kit/http/pageKit.ts'

/**
 * The proxy's inspector page script, run in the browser; serialised with `toString()` into the page
 * (proxyInspectorPage.ts, `inlineScript`), so it stays self-contained but for the page kit it is
 * called with. Everything the upstream or the frontend sent
 * (paths, messages) reaches the page through `textContent`, never as HTML.
 *
 * @example
 * `<script>${inlineScript(proxyInspectorScript)}</script>`
 */
export function proxyInspectorScript({ byId, row, parsedBody, read, targetOf, poll }: PageKit): void {
  type Violation = { check: string; level: string; operation: string; message: string; request: string }
  type Entry = {
    method: string
    path: string
    query: Record<string, string | string[]>
    status: number
    time: string
    violations: { check: string }[]
  }
  let etag = ''

  const refresh = poll(async () => {
    // One change counter for both lists: unchanged, the proxy answers 304 and nothing is redrawn.
    const probe = await fetch('/__mock/requests', { headers: etag ? { 'if-none-match': etag } : {} })
    if (probe.status === 304) return
    const entries = (await parsedBody('GET', '/__mock/requests', probe)) as Entry[]
    etag = probe.headers.get('etag') ?? ''
    const found = (await read('/__mock/violations')) as { total: number; violations: Violation[] }
    const health = (await read('/__mock/health')) as { upstream: string }
    byId('upstream').textContent = health.upstream
    byId('violation-total').textContent = String(found.total)
    byId('violations').replaceChildren(
      ...found.violations
        .slice()
        .reverse()
        .map((v) => row([v.request, v.check, v.level, v.operation, v.message], { 'data-check': v.check })),
    )
    byId('no-violations').hidden = found.total > 0
    byId('request-count').textContent = `${entries.length} ${entries.length === 1 ? 'request' : 'requests'}`
    byId('requests').replaceChildren(
      ...entries
        .slice()
        .reverse()
        .map((entry) =>
          row(
            [
              entry.time.slice(11, 23),
              entry.method,
              targetOf(entry.path, entry.query),
              String(entry.status),
              entry.violations.map((v) => v.check).join(', '),
            ],
            entry.violations.length > 0 ? { 'data-violated': 'true' } : {},
          ),
        ),
    )
  })

  byId('clear').addEventListener('click', async () => {
    // A JSON Content-Type: the control plane refuses a write a form could send.
    for (const path of ['/__mock/violations', '/__mock/requests'])
      await fetch(path, { method: 'DELETE', headers: { 'content-type': 'application/json' } })
    etag = ''
    await refresh()
  })
}
