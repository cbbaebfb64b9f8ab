// This package's own package.json, found from wherever this module runs: spec/ in the repository or
// dist/spec/ in an installed copy. The bins read their version and Node floor here, so package.json
// stays the one source of both. Only node:fs and node:path, and no syntax newer than Node 14: the
// bins import it before they know the Node version is good enough.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isBelow } from './nodeFloor.ts'

export interface PackageInfo {
  name: string
  version: string
  /** The lowest Node version `engines.node` accepts (`>=22.12.0` gives `22.12.0`). */
  nodeFloor: string
  /** The repository's web address (for links in messages), without `git+` or `.git`. */
  homepage: string
  /** The msw versions the package works with (`peerDependencies.msw`). */
  mswRange: string
}

/**
 * Reads the nearest package.json named `petstore-mock` above this module.
 *
 * @example
 * readPackageInfo().version // '0.1.0'
 */
export function readPackageInfo(): PackageInfo {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = readManifest(join(dir, 'package.json'))
    if (manifest?.name === 'petstore-mock') {
      const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(manifest.engines?.node ?? '')?.[1]
      if (!floor) throw new Error(`package.json: engines.node must read '>=X.Y.Z'`)
      const url = manifest.repository?.url ?? ''
      return {
        name: manifest.name,
        version: manifest.version,
        nodeFloor: floor,
        homepage: url.replace(/^git\+/, '').replace(/\.git$/, ''),
        mswRange: manifest.peerDependencies?.msw ?? '',
      }
    }
    if (dirname(dir) === dir) throw new Error('the package.json of petstore-mock was not found')
  }
}

interface Manifest {
  name?: string
  version: string
  engines?: { node?: string }
  repository?: { url?: string }
  peerDependencies?: { msw?: string }
}

function readManifest(path: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/**
 * What a bin says on a Node older than the package supports: one line, or undefined when the Node
 * is good enough. The bins print it and exit 2 before loading anything that could fail first.
 *
 * @example
 * nodeTooOldMessage('petstore-mock', '20.19.0', readPackageInfo())
 * // 'petstore-mock: needs Node 22.12.0 or later; this is Node 20.19.0 (...)'
 */
export function nodeTooOldMessage(program: string, version: string, info: PackageInfo): string | undefined {
  if (!isBelow(version, info.nodeFloor)) return undefined
  return `${program}: needs Node ${info.nodeFloor} or later; this is Node ${version} (${info.name} ${info.version}, engines.node in its package.json)`
}

/**
 * The bins' first statement: on a Node below the floor, print `nodeTooOldMessage` and exit 2.
 *
 * @example
 * exitIfNodeTooOld('petstore-mock') // returns on a good Node; exits 2 with one line on Node 20
 */
export function exitIfNodeTooOld(program: string): void {
  const tooOld = nodeTooOldMessage(program, process.versions.node, readPackageInfo())
  if (!tooOld) return
  console.error(tooOld)
  process.exit(2)
}
