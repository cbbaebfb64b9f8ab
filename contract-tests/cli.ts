// `petstore-contract` (bin/petstore-contract.ts) and `npm run contract`: the contract suite against
// any base URL. It runs the runner directly rather than Jest, so the installed package needs no test
// framework (see decisions/005-contract-cli-runs-the-runner.md); `npm test` runs the same runner
// under Jest.
import { appendFile, rm } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { typedHere } from '../kit/node/whereTyped.ts'
import { writeReports } from '../kit/node/writeFileWhole.ts'
import { say, sayError } from '../kit/text/say.ts'
import { visible } from '../kit/text/visible.ts'
import { SPEC_PATH } from '../spec/specPath.ts'
import { invokedAs } from './running/invokedAs.ts'
import { runContractInWorker } from './running/runContractInWorker.ts'

/**
 * Runs the suite as a command and resolves its exit status (`program` is the command the user ran,
 * which the help text and every hint name: see invokedAs): 0 conforms, 1 a check failed, 2 a usage
 * error, an aborted run, or a run the deadline cut before any check failed. The console report says why a run aborted; nothing repeats it.
 *
 * @example
 * process.exitCode = await runContractCli(['--base-url', 'http://127.0.0.1:4010/v1'], 'petstore-contract')
 */
export async function runContractCli(argv: readonly string[], program: string): Promise<number> {
  // Subcommands and report writers load when used: while the suite runs, this thread holds little.
  if (argv[0] === 'coverage') return (await import('./coverageCli.ts')).runCoverageCli(argv.slice(1))
  if (argv[0] === 'breaks') return (await import('./breaksCli.ts')).runBreaksCli(argv.slice(1))
  const answer = await runContractInWorker({ argv, typedIn: typedHere(), program })
  if ('usage' in answer) {
    sayError(`petstore-contract: ${answer.usage}`)
    return 2
  }
  if ('say' in answer) {
    say(answer.say)
    return 0
  }
  const { report, target } = answer
  if (target.keyOnCommandLine && inCi(process.env))
    sayError(
      'petstore-contract: warning: --api-key on the command line is shown by ps and echoed by npm run; in CI set PETSTORE_API_KEY or use --api-key-file',
    )
  const {
    formatConsole,
    ARAZZO_FILE,
    toArazzo,
    toHtmlReport,
    toJunitXml,
    toJsonSummary,
    toMarkdownSummary,
    tally,
  } = await import('./index.ts')
  const { coverageHtml } = await import('../coverage/coverageHtml.ts')
  // An aborted run is one message (the report's ABORTED line), on stderr where CI logs look for it.
  const consoleText = formatConsole(report, { apiKeyFrom: target.apiKeyFrom, verbose: target.verbose })
  if (report.abort) sayError(consoleText)
  else say(consoleText)
  // The failures as Arazzo beside the JSON summary, the run's document its source; none: no stale file.
  const reports = target.jsonFile && dirname(target.jsonFile)
  const arazzo = reports && toArazzo(report, relative(reports, target.specFile ?? SPEC_PATH), target.apiKey)
  if (reports && !arazzo) await rm(join(reports, ARAZZO_FILE), { force: true })
  const files: Array<[string | undefined, string]> = [
    [target.junitFile, toJunitXml(report)],
    [target.jsonFile, `${JSON.stringify(toJsonSummary(report), null, 2)}\n`],
    [target.htmlFile, toHtmlReport(report, { apiKeyFrom: target.apiKeyFrom })],
    [target.summaryFile, toMarkdownSummary(report, { apiKeyFrom: target.apiKeyFrom })],
    // The coverage page goes beside the JSON summary (reports/contract/coverage.html with --reports).
    [
      reports && report.coverage && join(reports, 'coverage.html'),
      report.coverage ? coverageHtml(report.coverage, report.baseUrl) : '',
    ],
    [reports && arazzo && join(reports, ARAZZO_FILE), arazzo || ''],
  ]
  // A report asked for and not written fails the run (2) unless a check failed: the verdict above
  // stands, and a CI job publishing reports must not read a conforming run from a missing one.
  let unwritten = !(await writeReports(files, 'petstore-contract'))
  // A CI job page: GitHub gives each step its own summary file, appended to as a shell step would.
  const stepSummary = process.env.GITHUB_STEP_SUMMARY
  if (stepSummary) {
    try {
      await appendFile(stepSummary, toMarkdownSummary(report, { apiKeyFrom: target.apiKeyFrom }))
      say('wrote the job summary ($GITHUB_STEP_SUMMARY)')
    } catch (error) {
      sayError(`petstore-contract: could not append to $GITHUB_STEP_SUMMARY: ${(error as Error).message}`)
      unwritten = true
    }
  }
  // The deadline's message is the runner's own, shown escaped like everything else.
  if (report.cut) sayError(`petstore-contract: ${visible(report.cut, { singleLine: true })}`)
  const failedChecks =
    tally(report).failed > 0 || Boolean(report.coverageMissed?.length || report.expired?.length)
  return report.abort ? 2 : failedChecks ? 1 : report.cut || unwritten ? 2 : 0
}

/** Whether a CI system runs us: they set CI (GitHub Actions, GitLab, CircleCI, Buildkite, ...). */
const inCi = (env: Record<string, string | undefined>) =>
  env.CI !== undefined && env.CI !== '' && !/^(0|false)$/i.test(env.CI)

if (import.meta.main)
  process.exitCode = await runContractCli(
    process.argv.slice(2),
    invokedAs(process.env, process.argv, process.cwd()),
  )
