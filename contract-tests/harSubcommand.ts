import { type Option, type OptionValues, optionHelp, readOptions } from '../kit/node/optionTable.ts'
import { whereTyped } from '../kit/node/whereTyped.ts'
import { say, sayError } from '../kit/text/say.ts'

/**
 * A subcommand over one HAR file (breaks, coverage), its options read by `table` (optionTable's),
 * its usage the `synopsis` and the table's help; any error is one line and the usage, exit 2. `run`
 * gets the file where the user typed it (also under `npm run`, which moves to the clone's root) and
 * resolves the exit status.
 *
 * @example
 * await harSubcommand('coverage FILE.har [options]', COVERAGE_OPTIONS, argv, async (file, { spec }) => 0)
 */
export async function harSubcommand<const Table extends Readonly<Record<string, Option>> & { help: Option }>(
  synopsis: string,
  table: Table,
  argv: readonly string[],
  run: (file: string, values: OptionValues<Table>) => Promise<number>,
): Promise<number> {
  const usage = `Usage: petstore-contract ${synopsis}\n\n${optionHelp(table)}`
  try {
    const values = readOptions(table, argv, {}, { positionals: true })
    if (values.help) {
      say(usage)
      return 0
    }
    const [typed, ...extra] = values.positionals
    if (!typed || extra.length > 0) throw new Error('give one HAR file')
    return await run(whereTyped(typed), values)
  } catch (error) {
    sayError(`petstore-contract ${synopsis.split(' ')[0]}: ${(error as Error).message}\n\n${usage}`)
    return 2
  }
}
