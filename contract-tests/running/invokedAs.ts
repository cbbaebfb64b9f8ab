import { basename, isAbsolute, relative } from 'node:path'

/**
 * The bin through npx, from the project that installed the package (what a library caller's hints
 * name): `--no-install` because the package is not on the registry under a name this project owns
 * (docs/install.md), so npx must never fetch one by name.
 */
export const DEFAULT_COMMAND = 'npx --no-install petstore-contract'

/**
 * The command the user ran the suite with, for hints to print so it can be pasted back with more
 * flags: `npm run contract --` (npm sets `npm_lifecycle_event` to the script's name and
 * `npm_lifecycle_script` to its text), DEFAULT_COMMAND under npx (event `npx`), the bare bin, or
 * `node path/to/cli.ts`. A script that does not run the suite (a test runner) does not count.
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
  if (event === 'npx' && runsTheSuite) return DEFAULT_COMMAND
  if (event && runsTheSuite) return `npm run ${/^[\w:.-]+$/.test(event) ? event : `'${event}'`} --`
  const script = argv[1] ?? ''
  if (/^petstore-contract(\.js)?$/.test(basename(script))) return 'petstore-contract'
  if (script.endsWith('.ts') || script.endsWith('.js')) {
    const shown = relative(cwd, script)
    return `node ${shown.startsWith('..') || isAbsolute(shown) ? script : shown}`
  }
  return 'petstore-contract'
}
