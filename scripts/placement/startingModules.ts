// What starts a server, a browser or a process: Node's network and process modules, MSW's
// setupServer, Playwright, a call that listens, spawns or launches, and every helper under tests/
// that does one of these itself or through another helper of tests/. Derived from the code, so a
// new helper that spawns or listens is on the list the day it is written.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { valueImportsOf } from './valueImportsOf.ts'

/** Packages that listen, connect, spawn or launch: a test loading one is not a unit test. */
export const STARTING_PACKAGES: readonly string[] = [
  'node:http',
  'node:https',
  'node:http2',
  'node:net',
  'node:tls',
  'node:dgram',
  'node:cluster',
  'node:child_process',
  'msw/node',
  'playwright-core',
]

/** Calls that start something whichever module they come from (`mock.server.listen(…)`, `spawn(…)`). */
export const STARTING_CALLS =
  /\b(listen|spawn|spawnSync|execFile|execFileSync|execSync|fork|setupServer|launch)\(/

const STARTING = new Set(STARTING_PACKAGES)
/** `http` and `node:http` are one module. */
const isStarting = (specifier: string) => STARTING.has(specifier) || STARTING.has(`node:${specifier}`)
/** The text without comments, where a word in prose could look like a call. */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

/**
 * What makes `file` (relative to `root`) start something, as a chain ending in the package it loads
 * or the call it makes (`['tests/support/startMock.ts', 'listen()']`), or undefined. Relative
 * imports are followed only into `within` (the helpers of tests/): product modules are judged by
 * their own tests, and may load node:net for `isIP` without starting anything.
 *
 * @example
 * startingChain(root, 'tests/support/startCli.ts') // ['tests/support/startCli.ts', 'node:child_process']
 */
export function startingChain(
  root: string,
  file: string,
  within = 'tests/',
  seen = new Set<string>(),
): string[] | undefined {
  const absolute = resolve(root, file)
  if (seen.has(file) || !existsSync(absolute)) return undefined
  seen.add(file)
  const text = readFileSync(absolute, 'utf8')
  const specifiers = valueImportsOf(text)
  const loaded = specifiers.find(isStarting)
  if (loaded) return [file, loaded]
  const call = STARTING_CALLS.exec(codeOf(text))?.[1]
  if (call) return [file, `${call}()`]
  for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
    const target = relative(root, resolve(dirname(absolute), specifier))
    const inner = target.startsWith(within) ? startingChain(root, target, within, seen) : undefined
    if (inner) return [file, ...inner]
  }
  return undefined
}
