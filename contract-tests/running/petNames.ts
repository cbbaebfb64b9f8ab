/**
 * Names for the pets a run creates: short, letters and digits only (`ct` + 7 characters of the run
 * id + a counter in base 36, at most 16 characters), so a server that limits name length or
 * characters (the interface document sets no limit, so it may) still accepts them, and every name
 * is unique and recognisable as this run's in a shared environment.
 *
 * @example
 * const names = petNamer('mbx3k2a9q1zz')
 * names.prefix // 'cta9q1zz' ('ct' + the last 7 characters of the run id)
 * names.next() // 'cta9q1zz0', then 'cta9q1zz1', …
 */
export function petNamer(runId: string): { prefix: string; next(): string } {
  const prefix = `ct${runId.replace(/[^a-z0-9]/gi, '').slice(-7)}`
  let count = 0
  return { prefix, next: () => `${prefix}${(count++).toString(36)}` }
}
