/**
 * What every page script of ours uses, in the browser: serialised beside it (`inlinePage`), so it
 * imports nothing. Every value from the server reaches the page as text, never as HTML.
 *
 * @example
 * const { byId, row } = pageKit()
 */
export function pageKit() {
  function byId(id: string): HTMLElement {
    const found = document.getElementById(id)
    if (!found) throw new Error(`the page has no #${id}`)
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

  /** The JSON an answer carries; one that is not 2xx throws, saying the Error body's message. */
  async function parsedBody(method: string, path: string, response: Response): Promise<unknown> {
    const text = await response.text()
    const parsed: unknown = text === '' ? undefined : JSON.parse(text)
    if (!response.ok) {
      const message = (parsed as { message?: string } | undefined)?.message ?? response.statusText
      throw new Error(`${method} ${path} failed (${response.status}): ${message}`)
    }
    return parsed
  }

  async function read(path: string, init: RequestInit = {}): Promise<unknown> {
    return parsedBody(init.method ?? 'GET', path, await fetch(path, init))
  }

  /** A moment as our pages show time: UTC, ISO 8601, to the second. */
  function utc(date: Date): string {
    return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
  }

  /** A journal entry's target as it was sent: its path, and its query's pairs in order, repeats kept. */
  function targetOf(path: string, query: Record<string, string | string[]>): string {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query))
      for (const one of Array.isArray(value) ? value : [value]) search.append(name, one)
    const text = search.toString()
    return text === '' ? path : `${path}?${text}`
  }

  /**
   * Draws the page with `draw` now and every second; returns the redraw, for a button to call. A
   * draw that succeeds clears the error, stamps the time and marks the page ready (what the browser
   * tests wait for); one that fails shows why.
   */
  function poll(draw: () => Promise<void>): () => Promise<void> {
    async function refresh(): Promise<void> {
      try {
        await draw()
        showError('')
        byId('updated').textContent = `updated ${utc(new Date())}`
        document.body.dataset.ready = 'true'
      } catch (error) {
        showError((error as Error).message)
      }
    }
    void refresh()
    setInterval(() => void refresh(), 1_000)
    return refresh
  }

  return { byId, element, row, showError, parsedBody, read, utc, targetOf, poll }
}

/** The helpers a page script is called with. */
export type PageKit = ReturnType<typeof pageKit>
