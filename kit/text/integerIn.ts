import { truncate, visible } from './visible.ts'

/**
 * A command-line number: digits only (no sign, exponent, hex or spaces, which `Number` would
 * accept), within `min` to `max`; anything else throws the line the mock's and the proxy's CLIs print.
 *
 * @example
 * integerIn('port', '4010', 0, 65535) // 4010
 * integerIn('port', '1e3', 0, 65535) // throws "--port must be an integer from 0 to 65535; received '1e3'"
 */
export function integerIn(name: string, text: string, min: number, max: number): number {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}; received '${shownValue(text)}'`)
  return value
}

/**
 * A value as a CLI's one error line shows it: on one line, escapes for what a terminal would obey
 * (`PORT=$'1\n\e[2J'` comes from the environment unseen), at most 80 characters.
 *
 * @example
 * shownValue('1\n\u001b[2J') // '1\\n\\e[2J'
 */
export function shownValue(text: string): string {
  return truncate(visible(text, { singleLine: true }), 80)
}

/**
 * A setting's text and the name a message gives it: the flag's value, else the environment variable's
 * (then named: `PORT=abc` left in a shell is no flag anyone typed), else the default.
 *
 * @example
 * settingText('port', undefined, { PORT: 'abc' }, 'PORT', '4010') // { name: 'port (from PORT)', text: 'abc' }
 */
export function settingText(
  flag: string,
  typed: string | undefined,
  env: Record<string, string | undefined>,
  variable: string,
  fallback: string,
): { name: string; text: string } {
  const fromEnv = typed === undefined ? env[variable] : undefined
  return {
    name: fromEnv === undefined ? flag : `${flag} (from ${variable})`,
    text: typed ?? fromEnv ?? fallback,
  }
}
