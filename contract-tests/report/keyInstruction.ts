import { KEY_VARIABLE } from '../http/curlOf.ts'
import type { KeySource } from '../running/ContractTarget.ts'

/** The shell command the instruction gives: reads the key without echoing it, then exports it. */
export const SET_KEY_COMMAND = `read -rs ${KEY_VARIABLE} && export ${KEY_VARIABLE}`

/**
 * The one sentence a report gives before its first curl line: the lines read the key from
 * $PETSTORE_API_KEY, and how to set it from where this run got it. The key itself is never printed.
 * The command is between backticks so it can be copied (and a test runs it as printed).
 *
 * @example
 * keyInstruction('flag')
 * // 'Reproduce lines read the key from $PETSTORE_API_KEY (never printed): first run `read -rs PETSTORE_API_KEY && export PETSTORE_API_KEY` and type the key you passed with --api-key.'
 */
export function keyInstruction(source: KeySource | undefined): string {
  const reads = `Reproduce lines read the key from $${KEY_VARIABLE} (never printed)`
  if (source === 'env') return `${reads}: this run read it from there too, so run them in the same shell.`
  const which =
    source === 'default'
      ? 'the default key this run used (--help names it)'
      : source === 'file'
        ? 'the key in the file you gave --api-key-file'
        : 'the key you passed with --api-key'
  return `${reads}: first run \`${SET_KEY_COMMAND}\` and type ${which}.`
}
