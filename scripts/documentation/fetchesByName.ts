// Which packages a command line fetches from a registry by name: `npx NAME`, `npm exec NAME`,
// `npm install NAME`, `pnpm dlx NAME`, `yarn dlx NAME`, `bunx NAME` and their kin. A name this
// project does not own resolves to whatever its owner, or a squatter, published: run with the
// user's key in its environment (docs/install.md).
import { wordsOf } from '../documentedWrites.ts'

/** What a line may run without fetching: packages the lockfile installs, and our own bins. */
export interface Installed {
  /** Package names the project depends on and its lockfile installs. */
  packages: ReadonlySet<string>
  /** The bins this package itself installs (`petstore-mock`, `petstore-contract`). */
  ownBins: ReadonlySet<string>
}

/** A package spec's name: `msw@^3` → `msw`, `@scope/x@1` → `@scope/x`; a path or URL → undefined. */
export function packageName(spec: string): string | undefined {
  if (/^(\.{0,2}\/|~|[a-z]+:|\$)/i.test(spec) || /\.(tgz|tar\.gz)$/.test(spec)) return undefined
  const match = /^(@[^/@\s]+\/[^@\s]+|[^@\s]+)/.exec(spec)
  return match?.[1]
}

/** Options of npx / npm exec that take a value. */
const VALUED = new Set(['-p', '--package', '-c', '--call', '-w', '--workspace'])

/**
 * The problems of one shell line: each package it would fetch by a name the project does not
 * install, and each of our own bins run through npx without `--no-install` (which fetches the name
 * from the registry when the package is not installed where it runs).
 *
 * @example
 * fetchesByName('npx petstore-mock --port 0', { packages: new Set(), ownBins: new Set(['petstore-mock']) })
 * // ['npx petstore-mock without --no-install (our own bin: fetched by name where it is not installed)', ...]
 */
export function fetchesByName(line: string, installed: Installed): string[] {
  const problems: string[] = []
  const words = wordsOf(line)
  const unknown = (spec: string, how: string) => {
    const name = packageName(spec)
    if (name !== undefined && !installed.packages.has(name))
      problems.push(`${how} ${name}: not a dependency the lockfile installs`)
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string
    const next = words[i + 1]
    let runner: string | undefined
    if (word === 'npx' || word === 'bunx') runner = word
    else if (word === 'npm' && (next === 'exec' || next === 'x')) runner = `npm ${next}`
    else if ((word === 'pnpm' || word === 'yarn') && next === 'dlx') runner = `${word} dlx`
    if (runner !== undefined) {
      const rest = words.slice(i + (runner.includes(' ') ? 2 : 1))
      problems.push(...runnerProblems(runner, rest, installed, unknown))
      continue
    }
    const installs =
      (word === 'npm' && ['install', 'i', 'add', 'isntall'].includes(next ?? '')) ||
      ((word === 'pnpm' || word === 'yarn' || word === 'bun') && ['add', 'install', 'i'].includes(next ?? ''))
    if (installs) {
      for (const arg of words.slice(i + 2)) {
        if (['|', '&&', ';', '||'].includes(arg)) break
        if (!arg.startsWith('-')) unknown(arg, `${word} ${next}`)
      }
    }
  }
  return problems
}

function runnerProblems(
  runner: string,
  rest: readonly string[],
  installed: Installed,
  unknown: (spec: string, how: string) => void,
): string[] {
  const problems: string[] = []
  let noInstall = false
  const packages: string[] = []
  let command: string | undefined
  for (let j = 0; j < rest.length; j++) {
    const arg = rest[j] as string
    if (arg === '--no-install' || arg === '--no') noInstall = true
    else if (arg === '--') continue
    else if (VALUED.has(arg))
      packages.push(...(arg === '-p' || arg === '--package' ? [rest[++j] as string] : []))
    else if (/^--package=/.test(arg)) packages.push(arg.slice('--package='.length))
    else if (arg.startsWith('-')) continue
    else {
      command = arg
      break
    }
  }
  // dlx and bunx fetch whatever is installed; npx and npm exec fetch only what is not, unless told not to.
  const alwaysFetches = runner.endsWith('dlx') || runner === 'bunx'
  for (const spec of packages) if (!noInstall || alwaysFetches) unknown(spec, `${runner} -p`)
  if (command !== undefined && packages.length === 0) {
    const name = packageName(command)
    if (name !== undefined && installed.ownBins.has(name)) {
      if (!noInstall || alwaysFetches)
        problems.push(
          `${runner} ${name} without --no-install (our own bin: fetched by name where it is not installed)`,
        )
    } else if (!noInstall || alwaysFetches) unknown(command, runner)
  }
  return problems
}
