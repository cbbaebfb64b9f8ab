import { basename, isAbsolute, relative } from 'node:path'

/** The package that ships the `petstore-contract` bin: `npx -p` names it so a hint works outside a clone. */
const PACKAGE = 'petstore-mock'

/**
 * The command the user ran the suite with, as a hint should print it so it can be pasted back with
 * more flags: `npm run contract --` (npm sets `npm_lifecycle_event` to the script's name and
 * `npm_lifecycle_script` to its text), `npx -p petstore-mock petstore-contract` under npx (npm sets
 * the event `npx`; `-p` makes the line work outside a project that installed the package, and npx
 * uses an installed copy when there is one), the bare bin, or `node path/to/cli.ts`. A script that
 * does not run the suite (a test runner that spawned it) does not count as the command.
 *
 * @example
 * invokedAs({ npm_lifecycle_event: 'contract', npm_lifecycle_script: 'node contract-tests/cli.ts' }, [], '/')
 * // 'npm run contract --'
 */
export function invokedAs(
  env: Record<string, string | undefined>,
  argv: readonly string[],
  cwd: string,
): string {
  const event = env.npm_lifecycle_event
  const runsTheSuite = /petstore-contract|contract-tests\/cli\.ts/.test(env.npm_lifecycle_script ?? '')
  if (event === 'npx' && runsTheSuite) return `npx -p ${PACKAGE} petstore-contract`
  if (event && runsTheSuite) return `npm run ${/^[\w:.-]+$/.test(event) ? event : `'${event}'`} --`
  const script = argv[1] ?? ''
  if (/^petstore-contract(\.js)?$/.test(basename(script))) return 'petstore-contract'
  if (script.endsWith('.ts') || script.endsWith('.js')) {
    const shown = relative(cwd, script)
    return `node ${shown.startsWith('..') || isAbsolute(shown) ? script : shown}`
  }
  return 'petstore-contract'
}

/** What a library caller's hints name: the published bin through npx, which runs anywhere. */
export const DEFAULT_COMMAND = `npx -p ${PACKAGE} petstore-contract`
