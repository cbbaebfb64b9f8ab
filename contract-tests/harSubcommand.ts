import { parseArgs } from 'node:util'
import { HarError } from '../har/readHar.ts'
import { whereTyped } from '../kit/node/whereTyped.ts'
import { say, sayError } from '../kit/text/say.ts'

/**
 * A subcommand over one HAR file (breaks, coverage): `options` each take a value; any error is one
 * line and the usage, exit 2. `run` gets the file where the user typed it (also under `npm run`,
 * which moves to the clone's root) and resolves the exit status.
 *
 * @example
 * await harSubcommand('coverage', argv, COVERAGE_USAGE, ['spec'], async (file, { spec }) => 0)
 */
export async function harSubcommand<Option extends string>(
  name: string,
  argv: readonly string[],
  usage: string,
  options: readonly Option[],
  run: (file: string, values: Partial<Record<Option, string>>) => Promise<number>,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        ...Object.fromEntries(options.map((option) => [option, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      say(usage)
      return 0
    }
    const [typed, ...extra] = positionals
    if (!typed || extra.length > 0) throw new HarError('give one HAR file')
    return await run(whereTyped(typed), values as Partial<Record<Option, string>>)
  } catch (error) {
    sayError(`petstore-contract ${name}: ${(error as Error).message}\n\n${usage}`)
    return 2
  }
}
