// `petstore-contract breaks FILE.har --spec NEXT.yaml`: which recorded interactions the current
// document accepted and another version would refuse or answer differently, before it ships; what
// was already invalid and what it could not judge. Exit 1 when any breaks: a spec PR can gate on it.
import { optionTable, path } from '../kit/node/optionTable.ts'
import { plural } from '../kit/text/plural.ts'
import { say } from '../kit/text/say.ts'
import { visible } from '../kit/text/visible.ts'
import { defaultSpec } from '../spec/runtime.ts'
import { whatBreaks } from './breaks/whatBreaks.ts'
import { harSubcommand } from './harSubcommand.ts'
import { loadCompiledSpec } from './running/loadCompiledSpec.ts'
import { readRecording } from './running/readRecording.ts'

const BREAKS_OPTIONS = optionTable(
  {
    spec: { value: 'FILE', read: path },
    'current-spec': { value: 'FILE', read: path },
    'base-path': { value: 'PATH' },
  },
  {
    spec: 'the new version of the OpenAPI document (required)',
    'current-spec': 'the version the recording was made against (default: the packaged document)',
    'base-path': "the API's base path in the recorded URLs (default: the current spec's server, /v1)",
  },
)

/** Steps named per reason a line of \`Already invalid:\` or \`Not judged:\` gives; the rest are counted. */
const STEPS_SHOWN = 8

/**
 * Runs the subcommand; resolves the exit status: 0 nothing breaks, 1 something does, 2 a usage error.
 *
 * @example
 * await runBreaksCli(['journal.har', '--spec', 'next/openapi.yaml'])
 */
export async function runBreaksCli(argv: readonly string[]): Promise<number> {
  return harSubcommand('breaks FILE.har --spec NEXT.yaml', BREAKS_OPTIONS, argv, async (file, values) => {
    const specFile = values.spec
    if (!specFile) throw new Error('--spec NEXT.yaml is required: the version to compare with')
    const next = await loadCompiledSpec(specFile)
    const current = values.currentSpec ? await loadCompiledSpec(values.currentSpec) : defaultSpec()
    const recording = await readRecording(file, current.vocabulary, values.basePath)
    const report = whatBreaks(recording.exchanges, recording.basePath, next, current)
    const line = (text: string) => visible(text, { singleLine: true })
    for (const broken of report.breaks)
      say(`BREAKS  step ${broken.step} ${line(broken.request)}: ${broken.kind}: ${line(broken.why)}`)
    const lists = { 'Already invalid': report.invalid, 'Not judged': report.notJudged }
    for (const [label, list] of Object.entries(lists))
      for (const [reason, skipped] of Map.groupBy(list, (one) => one.reason)) {
        const steps = skipped.slice(0, STEPS_SHOWN).map((one) => `step ${one.step} ${line(one.request)}`)
        const more = skipped.length > STEPS_SHOWN ? `, and ${skipped.length - STEPS_SHOWN} more` : ''
        say(`${label}: ${skipped.length}x ${line(reason)}: ${steps.join(', ')}${more}`)
      }
    const broken = new Set(report.breaks.map((one) => one.step)).size
    const judged = `${plural(report.interactions, 'interaction')} recorded, ${plural(report.responsesJudged, 'response body', 'response bodies')} judged, ${report.invalid.length} already invalid, ${new Set(report.notJudged.map((one) => one.step)).size} not judged`
    say(
      broken === 0
        ? `Nothing recorded in ${line(file)} breaks under ${line(specFile)} (${judged})`
        : `${plural(broken, 'recorded interaction')} break under ${line(specFile)} (${judged})`,
    )
    return broken === 0 ? 0 : 1
  })
}
