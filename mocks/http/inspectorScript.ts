/**
 * The inspector page's script, run in the browser. It is serialised with `toString()` into the page
 * (see inspectorPage.ts), so it must stay self-contained: no imports, nothing from outside.
 * Every value from the mock (pet names above all) reaches the page through `textContent` or
 * attributes set as text, never as HTML.
 *
 * @example
 * `<script>(${inspectorScript.toString()})()</script>`
 */
export function inspectorScript(): void {
  const POLL_MS = 1_000
  const session = new URLSearchParams(location.search).get('session') ?? ''
  const sessionHeaders: Record<string, string> = session === '' ? {} : { 'x-mock-session': session }

  function byId(id: string): HTMLElement {
    const found = document.getElementById(id)
    if (!found) throw new Error(`the inspector page has no #${id}`)
    return found
  }

  function element(tag: string, text?: string, attributes: Record<string, string> = {}): HTMLElement {
    const made = document.createElement(tag)
    if (text !== undefined) made.textContent = text
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value)
    return made
  }

  function row(cells: string[], attributes: Record<string, string> = {}): HTMLElement {
    const tr = element('tr', undefined, attributes)
    for (const cell of cells) tr.append(element('td', cell))
    return tr
  }

  function showError(message: string): void {
    const alert = byId('error')
    alert.textContent = message
    alert.hidden = message === ''
  }

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    // Writes carry a JSON Content-Type (and so a preflight cross-site): the control plane's rule.
    const response = await fetch(path, {
      method,
      headers: { ...sessionHeaders, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    const parsed: unknown = text === '' ? undefined : JSON.parse(text)
    if (!response.ok) {
      const message = (parsed as { message?: string } | undefined)?.message ?? response.statusText
      throw new Error(`${method} ${path} failed (${response.status}): ${message}`)
    }
    return parsed
  }

  type Pet = { id: number; name: string; categoryId: number; status?: string }
  type Force = { operation: string; status: number }
  type Forceable = { operation: string; method: string; path: string; statuses: number[] }
  type View = { name: string; petCount: number; pets: Pet[]; pending: Force[]; forceable: Forceable[] }
  type Listed = { sessions: { name: string }[] }
  type Entry = {
    time: string
    method: string
    path: string
    query: Record<string, string | string[]>
    status: number
    operation: string | null
  }

  let forceableShown = ''

  function renderView(view: View): void {
    byId('session-name').textContent = view.name
    byId('pet-count').textContent =
      `${view.petCount} pets${view.petCount > view.pets.length ? ` (the ${view.pets.length} newest shown)` : ''}`
    byId('pets').replaceChildren(
      ...[...view.pets]
        .reverse()
        .map((pet) =>
          row([String(pet.id), pet.name, String(pet.categoryId), pet.status ?? ''], { 'data-testid': 'pet' }),
        ),
    )
    const pending = view.pending.map((force) => `${force.operation} → ${force.status}`)
    byId('pending').textContent = pending.length === 0 ? 'nothing forced' : `next: ${pending.join(', ')}`
    // The buttons come from the spec (via the mock); rebuilt only when that list changes.
    const shown = JSON.stringify(view.forceable)
    if (shown === forceableShown) return
    forceableShown = shown
    byId('forceable').replaceChildren(
      ...view.forceable.map((choice) => {
        const li = element('li')
        li.append(element('code', `${choice.method} ${choice.path}`), ` ${choice.operation}: `)
        for (const status of choice.statuses) {
          const button = element('button', String(status), {
            type: 'button',
            'data-operation': choice.operation,
            'data-status': String(status),
            'aria-label': `Force ${status} on the next ${choice.operation}`,
          })
          button.addEventListener('click', () =>
            act('POST', '/__mock/next-response', { operation: choice.operation, status }),
          )
          li.append(button, ' ')
        }
        return li
      }),
    )
  }

  function renderJournal(entries: Entry[]): void {
    byId('request-count').textContent = `${entries.length} requests, newest first`
    byId('requests').replaceChildren(
      ...[...entries].reverse().map((entry) => {
        const query = new URLSearchParams()
        for (const [name, value] of Object.entries(entry.query))
          for (const one of Array.isArray(value) ? value : [value]) query.append(name, one)
        const search = query.toString()
        return row(
          [
            entry.time.slice(11, 23),
            entry.method,
            search === '' ? entry.path : `${entry.path}?${search}`,
            String(entry.status),
            entry.operation ?? '—',
          ],
          { 'data-testid': 'request', 'data-status': String(entry.status) },
        )
      }),
    )
  }

  function renderSessions(listed: Listed): void {
    const names = ['', ...listed.sessions.map((live) => live.name).reverse()]
    byId('sessions').replaceChildren(
      ...names.map((name) =>
        element('a', name === '' ? '(default)' : name, {
          href: name === '' ? '?' : `?session=${encodeURIComponent(name)}`,
          'data-testid': 'session-link',
          ...(name === session && { 'aria-current': 'page' }),
        }),
      ),
    )
  }

  async function refresh(): Promise<void> {
    try {
      const [view, entries, listed] = await Promise.all([
        call('GET', '/__mock/session'),
        call('GET', '/__mock/requests'),
        call('GET', '/__mock/sessions'),
      ])
      renderView(view as View)
      renderJournal(entries as Entry[])
      renderSessions(listed as Listed)
      showError('')
      byId('updated').textContent = `updated ${new Date().toLocaleTimeString()}`
      document.body.dataset.ready = 'true'
    } catch (error) {
      showError((error as Error).message)
    }
  }

  async function act(method: string, path: string, body?: unknown): Promise<void> {
    try {
      await call(method, path, body)
      await refresh()
    } catch (error) {
      showError((error as Error).message)
    }
  }

  byId('reset').addEventListener('click', () => act('POST', '/__mock/reset'))
  byId('clear-journal').addEventListener('click', () => act('DELETE', '/__mock/requests'))
  byId('clear-forced').addEventListener('click', () => act('DELETE', '/__mock/next-response'))
  const input = byId('session-input') as HTMLInputElement
  input.value = session
  byId('session-form').addEventListener('submit', (event) => {
    event.preventDefault()
    location.search = input.value === '' ? '' : `?session=${encodeURIComponent(input.value)}`
  })
  void refresh()
  setInterval(() => void refresh(), POLL_MS)
}
