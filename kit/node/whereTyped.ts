import { basename, extname, isAbsolute, relative, resolve } from 'node:path'

/** What decides where a path was typed: the environment, the running script, the working directory. */
export interface TypedIn {
  env: Record<string, string | undefined>
  /** The script node runs (`process.argv[1]`). */
  script: string | undefined
  cwd: string
}

export const typedHere = (): TypedIn => ({ env: process.env, script: process.argv[1], cwd: process.cwd() })

/**
 * Whether npm started this very program from a script: `npm run` moves to the package's root before
 * it runs the script, and keeps the folder the user typed in as `INIT_CWD`. The script's text must
 * name this program's file (`node contract-tests/cli.ts`, `petstore-contract -u URL`), so a program
 * a test runner spawned under `npm test` (which inherits npm's variables) is not taken for one npm
 * started.
 */
export function startedByNpm({ env, script }: TypedIn): boolean {
  if (!env.INIT_CWD || !env.npm_lifecycle_script || !script) return false
  const name = basename(script, extname(script)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[\\s/])${name}(\\.[cm]?[jt]s)?(\\s|$)`).test(env.npm_lifecycle_script)
}

/**
 * A path the user typed, resolved where it was typed: against `INIT_CWD` when npm started the program
 * (so `npm run contract -- coverage app.har` in a subfolder reads that subfolder's file), else as it
 * stands. Relative to the working directory when inside it (messages stay short), else absolute.
 *
 * @example
 * whereTyped('app.har', { env: { INIT_CWD: '/repo/web', npm_lifecycle_script: 'node contract-tests/cli.ts' },
 *   script: '/repo/contract-tests/cli.ts', cwd: '/repo' }) // 'web/app.har'
 */
export function whereTyped(path: string, typedIn: TypedIn = typedHere()): string {
  if (isAbsolute(path) || !startedByNpm(typedIn)) return path
  const typed = resolve(typedIn.env.INIT_CWD as string, path)
  const inside = relative(typedIn.cwd, typed)
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : typed
}
