import { constants } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { SpecInputError } from './SpecInputError.ts'
import type { Budget } from './specLimits.ts'

const CHUNK_BYTES = 64 * 1024

/**
 * The spec's own folder: as its path was given, and with every symlink resolved (the folder's, not the
 * root file's: a root spec that is a symlink out of its folder is refused like a `$ref` out of it).
 * `root` is the root spec's path as given, so its refusals name it as the spec rather than a `$ref`.
 */
export interface SpecFolder {
  given: string
  real: string
  root?: string
}

/** The refusal of a file the file system will not give (`ENOENT`, `EACCES`), naming it as given. */
const cannotRead =
  (path: string) =>
  (error: NodeJS.ErrnoException): never => {
    throw new SpecInputError(`cannot read ${path}: ${error.code ?? error.message}`)
  }

/**
 * The root spec's folder (`SpecFolder`), `root` its absolute path.
 *
 * @example
 * await specFolder('spec/openapi.yaml') // { given: '/repo/spec', real: '/repo/spec', root: '/repo/spec/openapi.yaml' }
 */
export async function specFolder(path: string): Promise<Required<SpecFolder>> {
  const root = resolve(path)
  const real = await realpath(dirname(root)).catch(cannotRead(path))
  return { given: dirname(root), real, root }
}

/** Whether `real` lies inside `folder` (both absolute). */
function inside(folder: string, real: string): boolean {
  const rel = relative(folder, real)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/**
 * Reads one file for the spec loader, the root spec included, refusing what a spec from a repository must
 * not reach: a file outside `folder` (the root spec's own folder) whether by an absolute path, `..` or a
 * symlink pointing out; anything that is not a regular file (a device such as `/dev/zero`, a FIFO, a
 * socket, a folder); and more bytes than the load's budget. The file is opened at its real path without
 * following a last symlink and without blocking (a FIFO would wait for a writer forever).
 *
 * @example
 * const budget = budgetOf(SPEC_LIMITS.maxBytes)
 * await readSpecFile('/repo/spec/schemas/Pet.yaml', { given: '/repo/spec', real: '/repo/spec' }, budget) // Buffer
 * await readSpecFile('/etc/passwd', { given: '/repo/spec', real: '/repo/spec' }, budget) // throws SpecInputError
 */
export async function readSpecFile(path: string, folder: SpecFolder, budget: Budget): Promise<Buffer> {
  const isRoot = path === folder.root
  const outside = (shown: string): SpecInputError =>
    new SpecInputError(
      isRoot
        ? `the spec ${shown} refused: a spec must be a regular file inside its own folder ${folder.given}`
        : `$ref to ${shown} refused: a spec may only refer to files inside its own folder ${folder.given}`,
    )
  // Judged on the path first, so a file outside is refused without asking the file system whether it exists.
  if (!inside(folder.given, path) && !inside(folder.real, path)) throw outside(path)
  const real = await realpath(path).catch(cannotRead(path))
  if (!inside(folder.real, real)) throw outside(`${path} (a symlink to ${real})`)
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK
  const handle = await open(real, flags).catch(cannotRead(path))
  try {
    const stats = await handle.stat()
    if (!stats.isFile())
      throw new SpecInputError(`${isRoot ? 'the spec' : '$ref to'} ${path} refused: not a regular file`)
    // Read until the end or one byte past the budget, never trusting the size stat gives (0 for /proc).
    const chunks: Buffer[] = []
    let length = 0
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, budget.remaining - length + 1))
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
      if (bytesRead === 0) break
      chunks.push(chunk.subarray(0, bytesRead))
      length += bytesRead
      if (length > budget.remaining)
        throw new SpecInputError(
          `${path} refused: the spec and the files it refers to may hold ${budget.limit} bytes in all (SPEC_LIMITS.maxBytes)`,
        )
    }
    budget.remaining -= length
    return Buffer.concat(chunks, length)
  } finally {
    await handle.close()
  }
}
