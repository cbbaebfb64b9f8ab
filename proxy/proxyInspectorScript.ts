/**
 * The proxy's inspector page script, run in the browser; serialised with `toString()` into the page
 * (proxyInspectorPage.ts), so it stays self-contained. Everything the upstream or the frontend sent
 * (paths, messages) reaches the page through `textContent`, never as HTML.
 *
 * @example
 * `<script>(${proxyInspectorScript.toString()})()</script>`
 */
export function proxyInspectorScript(): void {
  const POLL_MS = 1_000
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

  function byId(id: string): HTMLElement {
    const found = document.getElementById(id)
    if (!found) throw new Error(`the proxy page has no #${id}`)
    return found
  }

  function row(cells: string[], attributes: Record<string, string> = {}): HTMLElement {
    const tr = document.createElement('tr')
    for (const [name, value] of Object.entries(attributes)) tr.setAttribute(name, value)
    for (const cell of cells) {
      const td = document.createElement('td')
      td.textContent = cell
      tr.append(td)
    }
    return tr
  }

  function showError(message: string): void {
    const alert = byId('error')
    alert.textContent = message
    alert.hidden = message === ''
  }

  async function read(path: string): Promise<unknown> {
    const response = await fetch(path)
    if (!response.ok) throw new Error(`GET ${path} failed (${response.status})`)
    return response.json()
  }

  async function refresh(): Promise<void> {
    try {
      // One change counter for both lists: unchanged, the proxy answers 304 and nothing is redrawn.
      const probe = await fetch('/__mock/requests', { headers: etag ? { 'if-none-match': etag } : {} })
      if (probe.status !== 304) {
        if (!probe.ok) throw new Error(`GET /__mock/requests failed (${probe.status})`)
        etag = probe.headers.get('etag') ?? ''
        const entries = (await probe.json()) as Entry[]
        const found = (await read('/__mock/violations')) as { total: number; violations: Violation[] }
        const health = (await read('/__mock/health')) as { upstream: string }
        byId('upstream').textContent = health.upstream
        byId('violation-total').textContent = String(found.total)
        byId('violations').replaceChildren(
          ...found.violations
            .slice()
            .reverse()
            .map((v) =>
              row([v.request, v.check, v.level, v.operation, v.message], { 'data-check': v.check }),
            ),
        )
        byId('no-violations').hidden = found.total > 0
        byId('request-count').textContent =
          `${entries.length} ${entries.length === 1 ? 'request' : 'requests'}`
        byId('requests').replaceChildren(
          ...entries
            .slice()
            .reverse()
            .map((entry) => {
              const search = new URLSearchParams()
              for (const [name, value] of Object.entries(entry.query))
                for (const one of Array.isArray(value) ? value : [value]) search.append(name, one)
              const query = search.toString()
              return row(
                [
                  entry.time.slice(11, 23),
                  entry.method,
                  `${entry.path}${query ? `?${query}` : ''}`,
                  String(entry.status),
                  entry.violations.map((v) => v.check).join(', '),
                ],
                entry.violations.length > 0 ? { 'data-violated': 'true' } : {},
              )
            }),
        )
      }
      showError('')
      byId('updated').textContent = `updated ${new Date().toISOString().slice(11, 19)} UTC`
      document.body.dataset.ready = 'true'
    } catch (error) {
      showError((error as Error).message)
    }
  }

  byId('clear').addEventListener('click', async () => {
    // A JSON Content-Type: the control plane refuses a write a form could send.
    for (const path of ['/__mock/violations', '/__mock/requests'])
      await fetch(path, { method: 'DELETE', headers: { 'content-type': 'application/json' } })
    etag = ''
    await refresh()
  })
  void refresh()
  setInterval(() => void refresh(), POLL_MS)
}
