// The Node every entry point of the package needs, and the one sentence an older Node gets. No
// imports and nothing but `globalThis`: the library entries import this first, before msw (which fails
// on Node 20 with `Promise.withResolvers is not a function`), and it must also load in a browser bundle.

/**
 * The lowest Node the package supports: package.json's `engines.node` (`>=22.12.0`), the one source;
 * `nodeFloor.test.ts` fails when the two differ.
 */
export const NODE_FLOOR = '22.12.0'

/**
 * True when `version` (as in `process.versions.node`) is below `floor`. Pure.
 *
 * @example
 * isBelow('20.19.0', '22.12.0') // true
 * isBelow('22.12.0', '22.12.0') // false
 */
export function isBelow(version: string, floor: string): boolean {
  const have = version.split('.').map(Number)
  const need = floor.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const a = have[i] ?? 0
    const b = need[i] ?? 0
    if (a !== b) return a < b
  }
  return false
}

/**
 * What a library entry says on a Node below the floor, in one sentence; undefined on a good Node and
 * outside Node (a browser has no `process.versions.node`).
 *
 * @example
 * libraryNodeProblem('20.19.0') // 'petstore-mock needs Node 22.12.0 or later (engines.node); this is Node 20.19.0: …'
 */
export function libraryNodeProblem(version: string | undefined): string | undefined {
  if (version === undefined || !isBelow(version, NODE_FLOOR)) return undefined
  return `petstore-mock needs Node ${NODE_FLOOR} or later (engines.node); this is Node ${version}: run your tests on Node ${NODE_FLOOR.split('.')[0]} or later, or point your app at the HTTP mock (petstore-mock started with a newer Node).`
}
