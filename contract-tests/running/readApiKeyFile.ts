import { readFileSync } from 'node:fs'

/** A key file that cannot give a key: the CLI says so in one line and exits 2. */
export class KeyFileError extends Error {}

/**
 * The key in `path` (`--api-key-file`, env PETSTORE_API_KEY_FILE): the file's text without one
 * trailing newline (`\n` or `\r\n`), as `echo "$KEY" > file` or a mounted secret writes it. A
 * missing, unreadable or empty file throws KeyFileError, whose message names the file and never
 * quotes what it holds.
 *
 * @example
 * readApiKeyFile('/run/secrets/petstore-key') // 's3cret'
 */
export function readApiKeyFile(path: string): string {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new KeyFileError(`--api-key-file ${path}: cannot read it${code ? ` (${code})` : ''}`)
  }
  const key = text.replace(/\r?\n$/, '')
  if (key === '') throw new KeyFileError(`--api-key-file ${path}: the file is empty`)
  if (/[\r\n]/.test(key))
    throw new KeyFileError(
      `--api-key-file ${path}: the file holds more than one line; put the key alone in it`,
    )
  return key
}
