// The msw this package runs against is the app's own (a peer dependency): one copy, so handlers the
// app adds with `server.use(http.get(...))` and ours are the same classes. This says, in one
// sentence, when that copy cannot work. Node only (it reads msw's package.json).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isBelow } from '../../spec/nodeFloor.ts'

/**
 * What is wrong with the msw that `from` resolves, or undefined when its version is in `range`
 * (carets joined by `||`, as `^2.10.0 || ^3.0.5`). Missing is a problem too.
 *
 * @example
 * mswProblem(import.meta.url, '^2.10.0 || ^3.0.5') // undefined with msw 2.15.0 or 3.0.5 installed
 * // with msw 2.9.0: "petstore-mock needs msw ^2.10.0 || ^3.0.5 (a peer dependency); found msw 2.9.0. Run: npm install 'msw@^2.10.0 || ^3.0.5'"
 */
export function mswProblem(from: string, range: string): string | undefined {
  let version: string | undefined
  try {
    const manifest = createRequire(from).resolve('msw/package.json')
    version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
  } catch {
    version = undefined
  }
  const major = version?.split('.')[0]
  const floors = range.split('||').map((caret) => caret.trim().replace(/^\^/, ''))
  if (floors.some((floor) => floor.split('.')[0] === major && !isBelow(`${version}`, floor))) return undefined
  const found = version ? `; found msw ${version}` : ' and none is installed'
  return `petstore-mock needs msw ${range} (a peer dependency)${found}. Run: npm install 'msw@${range}'`
}
