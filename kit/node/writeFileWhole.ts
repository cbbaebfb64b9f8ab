import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { say, sayError } from '../text/say.ts'

/**
 * Writes a report whole or not at all (to a file beside it, renamed over it): on failure no part of it
 * and no older report, which a CI job would publish as this run's, is left; returns the reason.
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

/** `writeFileWhole` for each named report, saying what was written or, as `program`, what not and why. */
export async function writeReports(
  reports: ReadonlyArray<readonly [string | undefined, string]>,
  program: string,
): Promise<boolean> {
  let written = true
  for (const [file, text] of reports) {
    if (!file) continue
    const failed = await writeFileWhole(file, text)
    if (failed) sayError(`${program}: could not write ${file}, so none is left there: ${failed}`)
    else say(`wrote ${file}`)
    written &&= failed === undefined
  }
  return written
}
