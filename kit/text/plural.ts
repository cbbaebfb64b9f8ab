/**
 * A count with its noun in the right number: every report line that counts goes through it, so
 * none says "1 pets" or "2 failure". `pluralForm` is for nouns that do not take an `s`.
 *
 * @example
 * plural(1, 'pet') // '1 pet'
 * plural(3, 'pet') // '3 pets'
 * plural(0, 'entry', 'entries') // '0 entries'
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`
}
