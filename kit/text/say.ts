import { visible } from './visible.ts'

/**
 * The one way the commands write to the terminal: every control character that text from
 * a spec, a HAR, a target or a file name may carry (ESC and the sequences it starts, OSC, CR, C1,
 * bidirectional overrides) is shown as an escape (`visible`), never obeyed; line feeds and tabs
 * stay. Already-visible text is unchanged, so a report formatted with `visible` can pass through.
 *
 * @example
 * say('spec sold\u001b]0;pwned\u0007') // prints 'spec sold\e]0;pwned\x07'
 */
export function say(text: string): void {
  console.log(visible(text))
}

/** As `say`, on standard error. */
export function sayError(text: string): void {
  console.error(visible(text))
}

/** A command that cannot go on (a usage error, a start refused): `text` on standard error, exit 2. */
export function exitWith(text: string): never {
  sayError(text)
  process.exit(2)
}
