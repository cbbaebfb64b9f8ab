import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { HAR_MAX_CHARS, HarError, type HarExchange, readHar } from './readHar.ts'

/** The most bytes a HAR file may hold: HAR_MAX_CHARS (a UTF-8 byte is at most one character). */
export const HAR_MAX_BYTES = HAR_MAX_CHARS

/**
 * Reads the HAR file at `path` as untrusted input: opened without blocking (a FIFO would wait for a
 * writer for ever) and judged by its open descriptor, so what is read is what was checked. Anything
 * but a regular file, a file over HAR_MAX_BYTES (before a byte is read: a sparse 1 GiB file costs
 * nothing) and one that changes size while read are refused, each with one HarError line.
 *
 * @example
 * await readHarFile('reports/app.har') // [{ method: 'GET', url: 'http://…/v1/pets', status: 200 }]
 * await readHarFile('/dev/zero') // throws HarError('/dev/zero: not a regular file ...')
 */
export async function readHarFile(path: string): Promise<HarExchange[]> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(
    (error: NodeJS.ErrnoException) => {
      throw new HarError(`${path}: cannot read it (${error.code ?? error.message})`)
    },
  )
  try {
    const stats = await handle.stat()
    if (!stats.isFile())
      throw new HarError(
        `${path}: not a regular file; a HAR must be a regular file (a FIFO or a device is refused)`,
      )
    if (stats.size > HAR_MAX_BYTES)
      throw new HarError(`${path}: ${stats.size} bytes, over the ${HAR_MAX_BYTES}-byte limit of a HAR`)
    // One buffer of the size stat gave, plus a byte to see that the file grew meanwhile.
    const buffer = Buffer.allocUnsafe(stats.size + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
      if (length > stats.size) throw new HarError(`${path}: it changed while it was read`)
    }
    return readHar(buffer.subarray(0, length).toString('utf8'))
  } finally {
    await handle.close()
  }
}
