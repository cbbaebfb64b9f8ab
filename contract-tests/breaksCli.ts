// `petstore-contract breaks FILE.har --spec NEXT.yaml`: which recorded interactions another version
// of the document would refuse or answer differently, before it ships. Exit 1 when any breaks.
import { parseArgs } from 'node:util'
import { HarError } from '../har/readHar.ts'
import { say, sayError } from '../kit/text/say.ts'
import { visible } from '../kit/text/visible.ts'
import { defaultSpec } from '../spec/runtime.ts'
import { whatBreaks } from './breaks/whatBreaks.ts'
import { loadCompiledSpec } from './running/loadCompiledSpec.ts'
import { readRecording } from './running/readRecording.ts'

export const BREAKS_USAGE = `Usage: petstore-contract breaks FILE.har --spec NEXT.yaml [--base-path PATH]

  --spec FILE          the new version of the OpenAPI document (required)
  --base-path PATH     the API's base path in the recorded URLs (default: the packaged spec's server, /v1)`

/**
 * Runs the subcommand; resolves the exit status: 0 nothing breaks, 1 something does, 2 a usage error.
 *
 * @example
 * await runBreaksCli(['journal.har', '--spec', 'next/openapi.yaml'])
 */
export async function runBreaksCli(argv: readonly string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: {
        spec: { type: 'string' },
        'base-path': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      say(BREAKS_USAGE)
      return 0
    }
    const [file, ...extra] = positionals
    if (!file || extra.length > 0) throw new HarError('give one HAR file')
    if (!values.spec) throw new HarError('--spec NEXT.yaml is required: the version to compare with')
    const next = await loadCompiledSpec(values.spec)
    const recording = await readRecording(file, defaultSpec().vocabulary, values['base-path'])
    const breaks = whatBreaks(recording.exchanges, recording.basePath, next)
    for (const broken of breaks)
      say(
        `BREAKS  step ${broken.step} ${visible(broken.request, { singleLine: true })}: ${broken.kind}: ${visible(broken.why, { singleLine: true })}`,
      )
    say(
      breaks.length === 0
        ? `Nothing recorded in ${file} breaks under ${values.spec}`
        : `${breaks.length} recorded interaction${breaks.length === 1 ? '' : 's'} break under ${values.spec}`,
    )
    return breaks.length === 0 ? 0 : 1
  } catch (error) {
    sayError(`petstore-contract breaks: ${(error as Error).message}\n\n${BREAKS_USAGE}`)
    return 2
  }
}
