// A command's options in one table: the parser's config, the help's lines and the values read (the
// flag, else its environment variable, else its default, each checked) all come from it, so a command
// cannot accept a flag its help leaves out, or read one otherwise than its help says.
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'
import { truncate, visible } from '../text/visible.ts'
import { type TypedIn, whereTyped } from './whereTyped.ts'

/** An option's value from its text, or throws the line the command prints naming it `name`: `--port (from PORT)`. */
export type Reader<T> = (text: string, name: string, typedIn?: TypedIn) => T

/** One option, keyed in its table by its long flag without the `--`. */
export interface Option {
  /** `p` for `-p`. */
  short?: string
  /** The value's name in the help (`N`, `FILE`); none: a switch, true when given. */
  value?: string
  /** Read when the flag is not given: a list's is comma-separated; a switch is on at 1, true or yes. */
  env?: string
  /** The value's text when neither is given, shown in the help; none: undefined. */
  default?: string | number
  /** Repeatable: every value given, in order (none: an empty list). */
  multiple?: boolean
  /** The value from its text; the text itself without one. */
  read?: Reader<unknown>
  help?: string
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S
type Read<O> = O extends { read: Reader<infer T> } ? T : string
type ValueOf<O> = O extends { value: string }
  ? O extends { multiple: true }
    ? Read<O>[]
    : Read<O> | (O extends { default: string | number } ? never : undefined)
  : boolean

/** Where a value came from: the command line, the environment, or neither. */
export type Source = 'flag' | 'env' | 'default'

/** What readOptions gives: each option's value by its flag in camelCase (`max-pets`: `maxPets`). */
export type OptionValues<Table> = {
  -readonly [Flag in keyof Table & string as Camel<Flag>]: ValueOf<Table[Flag]>
}

/**
 * A command's table: each option by its long flag, and its help sentence by the same flag (a column
 * apart, so both stay on one line; the compiler wants one per option), then `-h, --help`.
 *
 * @example
 * optionTable({ port: { short: 'p', value: 'N', read: integer(0, 65535) } }, { port: 'port to listen on' })
 */
export function optionTable<const Options extends Readonly<Record<string, Option>>>(
  options: Options,
  help: { readonly [Flag in keyof Options]: string },
): { readonly [Flag in keyof Options]: Options[Flag] & { help: string } } & { help: { short: 'h' } } {
  const rows = Object.entries(options).map(([flag, option]) => [flag, { ...option, help: help[flag] }])
  return { ...Object.fromEntries(rows), help: { short: 'h', help: 'this text' } }
}

/**
 * Reads `argv` by the table (parseArgs, strict), else each option's environment variable, else its
 * default, through its reader; `from` says which. `typedIn`: where paths were typed (tests).
 *
 * @example
 * readOptions({ port: { value: 'N', env: 'PORT', default: 4010, read: integer(0, 65535) } }, [], { PORT: '0' })
 * // { port: 0, positionals: [], from: { port: 'env' } }
 */
export function readOptions<const Table extends Readonly<Record<string, Option>>>(
  table: Table,
  argv: readonly string[],
  env: Record<string, string | undefined>,
  { typedIn, positionals = false }: { typedIn?: TypedIn | undefined; positionals?: boolean } = {},
): OptionValues<Table> & { positionals: string[]; from: Record<keyof OptionValues<Table>, Source> } {
  const config: ParseArgsOptionsConfig = Object.fromEntries(
    Object.entries(table).map(([flag, { short, value, multiple }]) => [
      flag,
      { type: value ? 'string' : 'boolean', ...(short && { short }), ...(multiple && { multiple }) },
    ]),
  )
  const parsed = parseArgs({ args: [...argv], strict: true, allowPositionals: positionals, options: config })
  const from: Record<string, Source> = {}
  const values: Record<string, unknown> = { positionals: parsed.positionals, from }
  for (const [flag, option] of Object.entries(table)) {
    const typed = parsed.values[flag] as string | string[] | boolean | undefined
    const fromEnv = typed === undefined && option.env !== undefined ? env[option.env] : undefined
    const name = fromEnv === undefined ? `--${flag}` : `--${flag} (from ${option.env})`
    const read = (text: string) => (option.read ? option.read(text, name, typedIn) : text)
    const text = (typed ?? fromEnv ?? option.default?.toString()) as string | undefined
    const key = flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
    from[key] = typed !== undefined ? 'flag' : fromEnv !== undefined ? 'env' : 'default'
    values[key] = !option.value
      ? (typed ?? /^(1|true|yes)$/i.test(fromEnv ?? ''))
      : option.multiple
        ? (Array.isArray(typed)
            ? typed
            : (fromEnv?.split(',') ?? []).map((item) => item.trim()).filter(Boolean)
          ).map(read)
        : text === undefined
          ? undefined
          : read(text)
  }
  return values as ReturnType<typeof readOptions<Table>>
}

/**
 * The table as help lines: the flags (`  -p, --port N`), then the sentence and where else the value
 * comes from (`(env PORT, default 4010)`), in one column for all, wrapped at 100 characters.
 *
 * @example
 * optionHelp({ quiet: { short: 'q', help: 'no per-request log lines' } }) // '  -q, --quiet  no per-request log lines'
 */
export function optionHelp(table: Readonly<Record<string, Option>>): string {
  const rows = Object.entries(table).map(([flag, option]) => {
    const head = `  ${option.short ? `-${option.short}, ` : '    '}--${flag}${option.value ? ` ${option.value}` : ''}`
    const env = option.env && `env ${option.env}${option.value ? (option.multiple ? '=a,b' : '') : '=1'}`
    const source = [env, option.default !== undefined && `default ${option.default}`].filter(Boolean)
    const words = `${option.help}`.split(' ')
    return { head, words: source.length > 0 ? [...words, `(${source.join(', ')})`] : words }
  })
  const column = Math.max(...rows.map(({ head }) => head.length)) + 2
  const lineOf = ({ head, words }: (typeof rows)[number]) => {
    const lines = [head.padEnd(column - 1)]
    for (const word of words) {
      if ((lines.at(-1) as string).length + 1 + word.length > 100) lines.push(' '.repeat(column - 1))
      lines[lines.length - 1] += ` ${word}`
    }
    return lines.join('\n')
  }
  return rows.map(lineOf).join('\n')
}

/**
 * A whole number from `min` to `max`: digits only (no sign, exponent, hex or spaces, which `Number`
 * would take).
 *
 * @example
 * integer(0, 65535)('1e3', '--port') // throws "--port must be an integer from 0 to 65535; received '1e3'"
 */
export const integer =
  (min: number, max: number): Reader<number> =>
  (text, name) =>
    /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max
      ? Number(text)
      : refuse(name, `an integer from ${min} to ${max}`, text)

/**
 * One of `values`.
 *
 * @example
 * oneOf(['server', 'prism-mock'])('x', '--target-kind') // throws "--target-kind must be one of server, prism-mock; received 'x'"
 */
export const oneOf =
  <const V extends string>(values: readonly V[]): Reader<V> =>
  (text, name) =>
    values.includes(text as V) ? (text as V) : refuse(name, `one of ${values.join(', ')}`, text)

/**
 * A number and a unit of `units` (case-insensitive; `''`: none), as a whole count of the base unit
 * from `min` to `max`: a duration, a byte size. `expected` says what is wanted.
 *
 * @example
 * quantity({ s: 1000, ms: 1 }, 1, 60_000, 'a duration')('1.5s', '--wait') // 1500
 */
export const quantity =
  (units: Readonly<Record<string, number>>, min: number, max: number, expected: string): Reader<number> =>
  (text, name) => {
    const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim())
    const unit = match?.[2]?.toLowerCase() ?? ''
    const value =
      match && Object.hasOwn(units, unit) ? Math.round(Number(match[1]) * (units[unit] ?? 0)) : Number.NaN
    return value >= min && value <= max ? value : refuse(name, expected, text)
  }

/** A path where the user typed it, also under an npm script (whereTyped). */
export const path: Reader<string> = (text, _name, typedIn) => whereTyped(text, typedIn)

/**
 * Throws the line a command prints for a value it cannot take, the value shown escaped on one line
 * (`PORT=$'1\n\e[2J'` comes from the environment unseen), 80 characters at most.
 *
 * @example
 * refuse('--port', 'an integer', '1\n') // throws "--port must be an integer; received '1\\n'"
 */
export function refuse(name: string, expected: string, text: string): never {
  throw new Error(
    `${name} must be ${expected}; received '${truncate(visible(text, { singleLine: true }), 80)}'`,
  )
}
