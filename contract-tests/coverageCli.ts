// `petstore-contract coverage FILE.har`: what recorded traffic (a browser's HAR, the mock's
// /__mock/requests.har) exercised of the document, with the same table and gate as a contract run.
import { dirname, join } from 'node:path'
import { coverageHtml } from '../coverage/coverageHtml.ts'
import { coverageOf } from '../coverage/coverageOf.ts'
import { formatCoverage } from '../coverage/formatCoverage.ts'
import { missedCoverage, parseMinCoverage } from '../coverage/minCoverage.ts'
import { harObservations } from '../har/readHar.ts'
import { optionTable, path } from '../kit/node/optionTable.ts'
import { writeReports } from '../kit/node/writeFileWhole.ts'
import { say } from '../kit/text/say.ts'
import { visible } from '../kit/text/visible.ts'
import { defaultSpec } from '../spec/runtime.ts'
import { harSubcommand } from './harSubcommand.ts'
import { loadCompiledSpec } from './running/loadCompiledSpec.ts'
import { readRecording } from './running/readRecording.ts'
import { mapStrings } from './text/mapStrings.ts'

const COVERAGE_OPTIONS = optionTable(
  {
    'base-path': { value: 'PATH' },
    spec: { value: 'FILE', read: path },
    'min-coverage': { value: 'SPEC', read: parseMinCoverage },
    json: { value: 'FILE', read: path },
  },
  {
    'base-path': "the API's base path in the recorded URLs (default: the spec's server, /v1)",
    spec: 'measure against this OpenAPI document (default: the packaged one)',
    'min-coverage': `exit 1 below it: documented-statuses=100,operations=100 (documented-statuses: the statuses the interface document lists; also statuses, added-statuses, parameters, enumValues) or one percentage for the four dimensions`,
    json: 'also write the coverage as JSON, and coverage.html beside it',
  },
)

/**
 * Runs the subcommand; resolves the exit status: 0, 1 below --min-coverage, 2 a usage error or a
 * report that could not be written.
 *
 * @example
 * await runCoverageCli(['journal.har', '--min-coverage', 'documented-statuses=100'])
 */
export async function runCoverageCli(argv: readonly string[]): Promise<number> {
  return harSubcommand('coverage FILE.har [options]', COVERAGE_OPTIONS, argv, async (file, values) => {
    const { json: jsonFile, minCoverage: minimum } = values
    const spec = values.spec ? await loadCompiledSpec(values.spec) : defaultSpec()
    const recording = await readRecording(file, spec.vocabulary, values.basePath)
    const basePath = recording.basePath
    const observations = harObservations(recording.exchanges, spec.router(basePath))
    const coverage = coverageOf(spec.document, observations)
    say(`${observations.length} recorded requests under ${basePath} in ${file}`)
    say(formatCoverage(coverage).join('\n'))
    const missed = minimum ? missedCoverage(coverage, minimum) : []
    for (const line of missed) say(`Coverage below --min-coverage: ${line}`)
    let written = true
    if (jsonFile) {
      // Shown as the console shows it: a C1 control (U+009B) passes JSON.stringify as it is.
      const shown = mapStrings({ ...coverage, missed }, (text) => visible(text))
      const page = join(dirname(jsonFile), 'coverage.html')
      const reports = [
        [jsonFile, `${JSON.stringify(shown, null, 2)}\n`],
        [page, coverageHtml(coverage, file)],
      ] as const
      written = await writeReports(reports, 'petstore-contract coverage')
    }
    return missed.length > 0 ? 1 : written ? 0 : 2
  })
}
