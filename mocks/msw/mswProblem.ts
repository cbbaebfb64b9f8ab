// The msw this package runs against is the app's own (a peer dependency): one copy, so handlers the
// app adds with `server.use(http.get(...))` and ours are the same classes. This says, in one
// sentence, when that copy cannot work. Node only (it reads msw's package.json).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * What is wrong with the msw that `from` resolves, or undefined when its major version is the
 * one `range` (`^3.0.5`) asks for. Missing is a problem too.
 *
 * @example
 * mswProblem(import.meta.url, '^3.0.5') // undefined with msw 3.x installed
 * // with msw 2.9.0: 'petstore-mock needs msw ^3.0.5 (a peer dependency); found msw 2.9.0. Run: npm install msw@^3.0.5'
 */
export function mswProblem(from: string, range: string): string | undefined {
  const wanted = Number(/^\^(\d+)\./.exec(range)?.[1])
  let version: string
  try {
    const manifest = createRequire(from).resolve('msw/package.json')
    version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
  } catch {
    return `petstore-mock needs msw ${range} (a peer dependency) and none is installed. Run: npm install msw@${range}`
  }
  if (Number(version.split('.')[0]) === wanted) return undefined
  return `petstore-mock needs msw ${range} (a peer dependency); found msw ${version}. Run: npm install msw@${range}`
}
