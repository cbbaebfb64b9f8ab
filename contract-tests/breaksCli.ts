// `petstore-contract breaks FILE.har --spec NEXT.yaml`: which recorded interactions another version
// of the document would refuse or answer differently, before it ships, and what it could not judge.
// Exit 1 when any breaks.
import { parseArgs } from 'node:util'
import { HarError } from '../har/readHar.ts'
import { whereTyped } from '../kit/node/whereTyped.ts'
import { plural } from '../kit/text/plural.ts'
import { say, sayError } from '../kit/text/say.ts'
import { visible } from '../kit/text/visible.ts'
import { defaultSpec } from '../spec/runtime.ts'
import { type NotJudged, whatBreaks } from './breaks/whatBreaks.ts'
import { loadCompiledSpec } from './running/loadCompiledSpec.ts'
import { readRecording } from './running/readRecording.ts'

export const BREAKS_USAGE = `Usage: petstore-contract breaks FILE.har --spec NEXT.yaml [--current-spec FILE] [--base-path PATH]

  --spec FILE          the new version of the OpenAPI document (required)
  --current-spec FILE  the version the recording was made against (default: the packaged document)
  --base-path PATH     the API's base path in the recorded URLs (default: the current spec's server, /v1)`

/** Steps named per reason a line of \`Not judged:\` gives; the rest are counted. */
const STEPS_SHOWN = 8

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
        'current-spec': { type: 'string' },
        'base-path': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      say(BREAKS_USAGE)
      return 0
    }
    const [typed, ...extra] = positionals
    if (!typed || extra.length > 0) throw new HarError('give one HAR file')
    if (!values.spec) throw new HarError('--spec NEXT.yaml is required: the version to compare with')
    // Where the user typed the command, also under `npm run`, which moves to the clone's root.
    const file = whereTyped(typed)
    const specFile = whereTyped(values.spec)
    const next = await loadCompiledSpec(specFile)
    const current = values['current-spec']
      ? await loadCompiledSpec(whereTyped(values['current-spec']))
      : defaultSpec()
    const recording = await readRecording(file, current.vocabulary, values['base-path'])
    const report = whatBreaks(recording.exchanges, recording.basePath, next, current)
    const line = (text: string) => visible(text, { singleLine: true })
    for (const broken of report.breaks)
      say(`BREAKS  step ${broken.step} ${line(broken.request)}: ${broken.kind}: ${line(broken.why)}`)
    for (const [reason, skipped] of groupBy(report.notJudged)) {
      const steps = skipped.slice(0, STEPS_SHOWN).map((one) => `step ${one.step} ${line(one.request)}`)
      const more = skipped.length > STEPS_SHOWN ? `, and ${skipped.length - STEPS_SHOWN} more` : ''
      say(`Not judged: ${skipped.length}x ${reason}: ${steps.join(', ')}${more}`)
    }
    const broken = new Set(report.breaks.map((one) => one.step)).size
    const judged = `${plural(report.interactions, 'interaction')} recorded, ${plural(report.responsesJudged, 'response body', 'response bodies')} judged, ${new Set(report.notJudged.map((one) => one.step)).size} not judged`
    say(
      broken === 0
        ? `Nothing recorded in ${line(file)} breaks under ${line(specFile)} (${judged})`
        : `${plural(broken, 'recorded interaction')} break under ${line(specFile)} (${judged})`,
    )
    return broken === 0 ? 0 : 1
  } catch (error) {
    sayError(`petstore-contract breaks: ${(error as Error).message}\n\n${BREAKS_USAGE}`)
    return 2
  }
}

function groupBy(skipped: readonly NotJudged[]): Map<string, NotJudged[]> {
  const groups = new Map<string, NotJudged[]>()
  for (const one of skipped) {
    const group = groups.get(one.reason)
    if (group) group.push(one)
    else groups.set(one.reason, [one])
  }
  return groups
}
