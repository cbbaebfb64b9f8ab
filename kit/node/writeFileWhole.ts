import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Writes a report whole or not at all, its folder made if need be: the text goes to a file beside
 * it, renamed over it once written. When it cannot be written (a full disk, no permission, a folder
 * in the way) neither a part of this run's text nor an older report is left under the name, since a
 * CI job would publish either as this run's; the reason is returned for the caller to say, and
 * undefined when it was written.
 *
 * @example
 * const failed = await writeFileWhole('reports/contract/junit.xml', xml) // undefined, or 'ENOSPC: no space left on device, write'
 */
export async function writeFileWhole(file: string, text: string): Promise<string | undefined> {
  const partial = `${file}.${process.pid}.partial`
  try {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(partial, text)
    await rename(partial, file)
    return undefined
  } catch (error) {
    // Each removal may fail in turn (no permission, a folder by that name): what stays is then not ours to remove.
    await rm(partial, { force: true }).catch(() => undefined)
    await rm(file, { force: true }).catch(() => undefined)
    return (error as Error).message
  }
}
