import type { PageKit } from '../kit/http/pageKit.ts'
import type { JournalEntry } from '../kit/journal/RequestJournal.ts'
import type { Pet } from '../spec/runtime.ts'

/**
 * The inspector page's script, the mock's and the proxy's alike, run in the browser. It is
 * serialised with `toString()` into the page (see inspectorPage.ts, `inlineScript`), so it must stay
 * self-contained: nothing from outside but the page kit it is called with. It draws what the page
 * has room for: the proxy's page has a table of violations, the mock's its session's pets.
 * Every value from the server (pet names, paths, what the upstream sent) reaches the page through
 * `textContent` or attributes set as text, never as HTML.
 *
 * @example
 * `<script>${inlineScript(inspectorScript)}</script>`
 */
export function inspectorScript(kit: PageKit): void {
  const { byId, element, row, showError, parsedBody, read, utc, targetOf, poll } = kit
  const session = new URLSearchParams(location.search).get('session') ?? ''
  const sessionHeaders: Record<string, string> = session === '' ? {} : { 'x-mock-session': session }

  /** The ETag each polled path answered last: a 304 means it is still what was drawn. */
  const lastSeen = new Map<string, string>()

  /** A GET that asks the mock for the body only if it changed; undefined when it did not. */
  async function changed(path: string): Promise<unknown> {
    const last = lastSeen.get(path)
    // no-store: the browser's cache stays out of it, so a 304 reaches this script as it is.
    const response = await fetch(path, {
      cache: 'no-store',
      headers: { ...sessionHeaders, ...(last && { 'if-none-match': last }) },
    })
    if (response.status === 304 && last) return undefined
    const value = await parsedBody('GET', path, response)
    const etag = response.headers.get('etag')
    if (etag) lastSeen.set(path, etag)
    return value
  }

  /** `1 pet`, `2 pets`. */
  function counted(count: number, noun: string): string {
    return `${count} ${noun}${count === 1 ? '' : 's'}`
  }

  type Force = { operation: string; status: number }
  type Forceable = { operation: string; method: string; path: string; statuses: number[] }
  type View = {
    name: string
    petCount: number
    pets: Pet[]
    pending: Force[]
    forceable: Forceable[]
    evicted?: { reason: string; at: string }
  }
  type Listed = {
    sessions: { name: string }[]
    recentlyEvicted: { name: string }[]
    memory?: { usedBytes: number; limitBytes: number }
  }
  // Types only: erased, so the script serialised with `toString()` stays self-contained.
  type Entry = JournalEntry & { violations?: { check: string }[] }
  type Violation = { check: string; level: string; operation: string; message: string; request: string }
  const proxy = document.getElementById('violations') !== null

  let forceableShown = ''

  function renderView(view: View): void {
    byId('session-name').textContent = view.name
    byId('pet-count').textContent =
      `${counted(view.petCount, 'pet')}${view.petCount > view.pets.length ? ` (the ${view.pets.length} newest shown)` : ''}`
    const evicted = byId('evicted')
    evicted.textContent = view.evicted
      ? `This session was evicted at ${utc(new Date(view.evicted.at))} to make room for another (${view.evicted.reason === 'memory' ? '--max-memory' : '--max-sessions'}): its next request gets 400 session_evicted, then it starts over from the seed.`
      : ''
    evicted.hidden = !view.evicted
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
    byId('request-count').textContent = `${counted(entries.length, 'request')}, newest first`
    byId('requests').replaceChildren(
      ...[...entries].reverse().map((entry) =>
        row(
          [
            entry.time.slice(11, 23),
            entry.method,
            targetOf(entry.path, entry.query),
            entry.forced ? `${entry.status} forced (${entry.forced})` : String(entry.status),
            entry.operation ?? '—',
            entry.body ?? '',
            ...(proxy ? [(entry.violations ?? []).map((v) => v.check).join(', ')] : []),
          ],
          {
            'data-testid': 'request',
            'data-status': String(entry.status),
            ...(entry.forced && { 'data-forced': entry.forced }),
            ...(entry.violations?.length && { 'data-violated': 'true' }),
          },
        ),
      ),
    )
  }

  function renderSessions(listed: Listed): void {
    const gone = listed.recentlyEvicted.map((eviction) => eviction.name)
    byId('evictions').textContent = gone.length === 0 ? '' : `Evicted for room: ${gone.join(', ')}`
    const memory = listed.memory
    byId('memory').textContent = memory
      ? `memory: ${(memory.usedBytes / 1024 / 1024).toFixed(1)} of ${Math.round(memory.limitBytes / 1024 / 1024)} MiB (--max-memory)`
      : ''
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

  function renderViolations(found: { total: number; violations: Violation[] }): void {
    byId('violation-total').textContent = String(found.total)
    byId('violations').replaceChildren(
      ...[...found.violations]
        .reverse()
        .map((v) => row([v.request, v.check, v.level, v.operation, v.message], { 'data-check': v.check })),
    )
    byId('no-violations').hidden = found.total > 0
  }

  const refresh = poll(async () => {
    if (proxy) {
      // The journal comes with an ETag over the violations too: unchanged, nothing is redrawn.
      const entries = await changed('/__mock/requests')
      if (entries === undefined) return
      renderJournal(entries as Entry[])
      renderViolations((await read('/__mock/violations')) as { total: number; violations: Violation[] })
      byId('upstream').textContent = ((await read('/__mock/health')) as { upstream: string }).upstream
      return
    }
    // The session and its journal come with ETags: unchanged, the mock answers 304 and nothing is redrawn.
    const [view, entries, listed] = await Promise.all([
      changed('/__mock/session'),
      changed('/__mock/requests'),
      read('/__mock/sessions', { headers: sessionHeaders }),
    ])
    if (view !== undefined) renderView(view as View)
    if (entries !== undefined) renderJournal(entries as Entry[])
    renderSessions(listed as Listed)
  })

  async function act(method: string, path: string, body?: unknown): Promise<void> {
    try {
      // Writes carry a JSON Content-Type (and so a preflight cross-site): the control plane's rule.
      const headers = { ...sessionHeaders, 'content-type': 'application/json' }
      await read(path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) })
      lastSeen.clear()
      await refresh()
    } catch (error) {
      showError((error as Error).message)
    }
  }

  if (proxy) {
    // Both lists at once: the violations and the journal they were found in.
    byId('clear').addEventListener('click', async () => {
      await act('DELETE', '/__mock/violations')
      await act('DELETE', '/__mock/requests')
    })
    return
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
}
