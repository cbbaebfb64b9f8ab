import { readFileSync } from 'node:fs'
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'
import { type MinCoverage, parseMinCoverage } from '../../coverage/minCoverage.ts'
import { type TypedIn, whereTyped, whereTypedIfGiven } from '../../kit/node/whereTyped.ts'
import { redactTarget } from '../../kit/secrets/redactTarget.ts'
import { clip } from '../../kit/text/clip.ts'
import { trimTrailingSlashes } from '../../kit/text/trimTrailingSlashes.ts'
import { DEFAULT_MAX_CREATES } from '../base/CreateBudget.ts'
import { TARGET_KINDS, type TargetKind } from '../base/capabilitiesOf.ts'
import { DEFAULT_DEADLINE_MS } from '../base/deadline.ts'
import { DEFAULT_REPRODUCTIONS } from '../base/Finding.ts'
import { CHECKS } from '../checks/index.ts'
import { DEFAULT_MAX_BODY_BYTES } from '../http/exchange.ts'
import { type Budget, DEFAULT_BUDGET, formatBudget, parseBudget } from '../stateful/Budget.ts'
import { DEFAULT_CONCURRENCY } from '../stateful/runModelPhase.ts'
import { readApiKeyFile } from './readApiKeyFile.ts'
import type { RunOptions } from './runContract.ts'
import { type Waiver, waiversIn } from './Waiver.ts'

/**
 * Where and how to run the suite: what the CLI and the Jest suite hand to runContract (RunOptions
 * says what each option does), and the files the CLI reads and writes.
 */
export interface ContractTarget
  extends Required<
      Pick<RunOptions, 'baseUrl' | 'apiKey' | 'strict' | 'readOnly' | 'targetKind' | 'timeoutMs'>
    >,
    Pick<RunOptions, 'seed' | 'concurrency' | 'maxCreates' | 'reproductions' | 'deadlineMs'> {
  budget?: Budget | undefined
  minCoverage?: MinCoverage | undefined
  maxBodyBytes: number
  /** Checks not chosen (--checks), excluded (--exclude-checks) or waived (--waivers FILE), each with why. */
  waivers: Waiver[]
  /** Every check × operation on its line, the coverage table, each state never seen with why (--verbose). */
  verbose: boolean
  /** A HAR file to replay instead of the default checks (--replay). */
  replayFile?: string | undefined
  junitFile?: string | undefined
  jsonFile?: string | undefined
  /** The run as one self-contained HTML page (--html; report.html with --reports). */
  htmlFile?: string | undefined
  /** The run as Markdown for a CI job page (--summary); `$GITHUB_STEP_SUMMARY` gets it too when set. */
  summaryFile?: string | undefined
  /** Another version of the OpenAPI document to check against (a path); the packaged spec when absent. */
  specFile?: string | undefined
}

/** Where the key came from: the reports say how to set $PETSTORE_API_KEY for their curl lines from it (keyInstruction). */
export type KeySource = 'flag' | 'file' | 'env' | 'default'

/** Where `--reports` writes, relative to where the command was typed (reports/ is git-ignored); `--reports-dir` moves them. */
export const DEFAULT_REPORTS_DIR = 'reports/contract'

/** The files `--reports` writes into a folder (coverage.html goes beside summary.json). */
export function reportFiles(dir: string): { junit: string; json: string; html: string } {
  const base = trimTrailingSlashes(dir) || '.'
  return { junit: `${base}/junit.xml`, json: `${base}/summary.json`, html: `${base}/report.html` }
}

/** Where `--reports` writes by default. */
export const DEFAULT_REPORTS = reportFiles(DEFAULT_REPORTS_DIR)

/** Every option `petstore-contract` accepts (node:util parseArgs); `contractUsage` names each (a test holds it). */
export const CONTRACT_CLI_OPTIONS = {
  'base-url': { type: 'string', short: 'u' },
  'api-key': { type: 'string', short: 'k' },
  'api-key-file': { type: 'string' },
  strict: { type: 'boolean' },
  'read-only': { type: 'boolean' },
  stateless: { type: 'boolean' },
  'target-kind': { type: 'string' },
  timeout: { type: 'string' },
  seed: { type: 'string' },
  budget: { type: 'string' },
  concurrency: { type: 'string' },
  reproductions: { type: 'string' },
  'max-creates': { type: 'string' },
  'min-coverage': { type: 'string' },
  replay: { type: 'string' },
  deadline: { type: 'string' },
  'max-body': { type: 'string' },
  spec: { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  html: { type: 'string' },
  summary: { type: 'string' },
  reports: { type: 'boolean', short: 'r' },
  'reports-dir': { type: 'string' },
  checks: { type: 'string' },
  'exclude-checks': { type: 'string' },
  waivers: { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsOptionsConfig

/**
 * The help text, naming the command the user typed (`petstore-contract`, or `npm run contract --` in
 * this repository), so it can be copied as it stands.
 *
 * @example
 * contractUsage('petstore-contract') // 'Usage: petstore-contract --base-url URL [options]\n...'
 */
export function contractUsage(program: string): string {
  return `Usage: ${program} --base-url URL [options]
       ${program} coverage FILE.har [--min-coverage SPEC]   what recorded traffic exercised (--help there)
       ${program} breaks FILE.har --spec NEXT.yaml          which recorded calls another version breaks

  -u, --base-url URL       the API's base, ending in /v1           (env PETSTORE_BASE_URL)
  -k, --api-key KEY        a key the target accepts (env PETSTORE_API_KEY, which keeps it off the command
                           line that a script runner echoes and ps shows; default petstore-dev-key)
      --api-key-file FILE  read the key from FILE, one trailing newline dropped (env PETSTORE_API_KEY_FILE)
      --strict             recommended checks fail the run too      (env PETSTORE_STRICT=1)
      --read-only          never create data                        (env PETSTORE_READ_ONLY=1)
      --stateless          the target is \`prism mock\`: no state, any key accepted; such checks are skipped
                           (same as --target-kind prism-mock; env PETSTORE_TARGET_KIND=prism)
      --target-kind KIND   server (default), prism-mock or prism-proxy (env PETSTORE_TARGET_KIND)
      --timeout MS         per-request timeout, default 5000        (env PETSTORE_TIMEOUT_MS)
      --seed N             replay the model phase's sequences        (env PETSTORE_SEED; random by default)
      --budget B           how hard the model phase looks: sequences (300seq, 300), time (30s, 2m),
                           or both, whichever comes first (300seq,60s)
                           (env PETSTORE_BUDGET; default ${formatBudget(DEFAULT_BUDGET)})
      --concurrency N      model-phase sequences run at once, sharing one knowledge of the store
                           (1 to 64; default ${DEFAULT_CONCURRENCY}; 1 replays a seed exactly) (env PETSTORE_CONCURRENCY)
      --reproductions N    run each finding again N times before it is reported: reproduced N/N,
                           or flaky (0 to 10; default ${DEFAULT_REPRODUCTIONS}) (env PETSTORE_REPRODUCTIONS)
      --max-creates N      create at most N pets (the API has no delete; default ${DEFAULT_MAX_CREATES});
                           past it the checks that need a create are skipped (env PETSTORE_MAX_CREATES)
      --replay FILE.har    replay the interactions a frontend made (the mock's /__mock/requests.har, a
                           browser's or the proxy's HAR) in order, ids substituted, judged by the document
                           and the model instead of the default checks; with --read-only, reads only (env PETSTORE_REPLAY)
      --min-coverage SPEC  fail unless the run exercised this much of the document: operations=100,
                           documented-statuses=100 (the interface document's; also statuses,
                           added-statuses, parameters, enumValues), or one percentage for all;
                           the console, JSON and JUnit always show coverage (env PETSTORE_MIN_COVERAGE)
      --deadline TIME      stop the whole run after TIME (e.g. 90s, 5m, 1500ms; a bare number is
                           seconds), report what was judged; default ${DEFAULT_DEADLINE_MS / 1000}s plus twice a
                           time budget  (env PETSTORE_DEADLINE)
      --max-body BYTES     read at most BYTES of a response body, discard the rest (e.g. 1MiB, 4MiB;
                           default 1MiB)                             (env PETSTORE_MAX_BODY)
      --spec FILE          check against this OpenAPI document (another version of spec/openapi.yaml)
                           instead of the packaged one    (env PETSTORE_SPEC)
      --junit FILE         write a JUnit XML report                 (env PETSTORE_JUNIT)
      --json FILE          write a JSON summary (checks x operations) (env PETSTORE_JSON)
      --html FILE          write the run as one self-contained HTML page (env PETSTORE_HTML)
      --summary FILE       write the run as Markdown for a CI job page; written to
                           $GITHUB_STEP_SUMMARY too when that is set   (env PETSTORE_SUMMARY)
  -r, --reports            JUnit, JSON and HTML, at ${DEFAULT_REPORTS.junit},
                           ${DEFAULT_REPORTS.json} and ${DEFAULT_REPORTS.html}
      --reports-dir DIR    the same three (and coverage.html) in DIR instead (env PETSTORE_REPORTS_DIR)
      --checks NAMES       run only these checks (names, comma-separated); the others are shown as
                           waived, never as passed                  (env PETSTORE_CHECKS)
      --exclude-checks NAMES  do not run these; shown as waived     (env PETSTORE_EXCLUDE_CHECKS)
      --waivers FILE       waive checks: a YAML or JSON list of { check, operation (optional), reason,
                           expires: YYYY-MM-DD }; shown as waived with the reason; an expired waiver
                           fails the run, saying which and since when   (env PETSTORE_WAIVERS)
      --verbose            every check on its line, the coverage table, each state never seen with
                           why (env PETSTORE_VERBOSE=1; -v is --version)
  -v, --version            the version of petstore-contract
  -h, --help               this text

Exit status: 0 conforms, 1 a required check failed (or any, with --strict) or a waiver expired,
2 usage error, the target is unreachable or rejects the key everywhere, the deadline cut a run that
found no failure, or a report asked for could not be written (none is left under its name).
Relative paths are read and written where you typed the command, also under an npm script.
The suite never prints the key (curl lines read it from $PETSTORE_API_KEY); a command line can:
give it by the variable or --api-key-file.`
}

/** A base URL as a usage message quotes it: `user:password@` and credential-named query values as `***`. */
function shownBaseUrl(text: string): string {
  const start = text.indexOf('://') + 3
  const slash = text.indexOf('/', start)
  const at = text.lastIndexOf('@', slash < 0 ? text.length : slash)
  const withoutUser = at >= start ? `${text.slice(0, start)}***@${text.slice(at + 1)}` : text
  return clip(redactTarget(withoutUser))
}

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes)$/i.test(value)

/** What resolveTarget adds for the CLI: the help and version flags, and where the key came from. */
export interface ResolvedTarget extends ContractTarget {
  help: boolean
  version: boolean
  /** Where the key came from (the reports' keyInstruction). */
  apiKeyFrom: KeySource
  /** The key was given as `--api-key` on the command line (npm echoes it, ps shows it). */
  keyOnCommandLine: boolean
}

/**
 * Reads the target from flags, then environment variables. Pure but for `--api-key-file`, which it
 * reads (readApiKeyFile: KeyFileError); throws an Error naming the setting that is wrong. Relative
 * paths resolve where the command was typed (kit/node/whereTyped.ts; `typedIn` for tests).
 *
 * @example
 * resolveTarget(['--base-url', 'http://127.0.0.1:4010/v1'], {})
 * // { baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'petstore-dev-key', targetKind: 'server', ... }
 */
export function resolveTarget(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  typedIn?: TypedIn,
): ResolvedTarget {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: CONTRACT_CLI_OPTIONS,
  })
  // A flag, else its variable: PETSTORE_ and the flag's name in capitals (--max-creates: PETSTORE_MAX_CREATES).
  const variable = (flag: string) => env[`PETSTORE_${flag.toUpperCase().replaceAll('-', '_')}`]
  const given = (flag: keyof typeof values) => (values[flag] as string | undefined) ?? variable(flag)
  const on = (flag: keyof typeof values) => (values[flag] as boolean | undefined) ?? truthy(variable(flag))
  const whole = (flag: keyof typeof values, min: number, max: number) =>
    wholeNumber(given(flag), `--${flag}`, min, max)
  const baseUrl = given('base-url') ?? ''
  const help = values.help ?? false
  const version = values.version ?? false
  if (!help && !version) {
    if (baseUrl === '')
      throw new Error('--base-url (or PETSTORE_BASE_URL) is required, e.g. https://staging.example.com/v1')
    if (!/^https?:\/\/[^/]+/.test(baseUrl) || !URL.canParse(baseUrl))
      throw new Error(`--base-url must be an http(s) URL; received '${shownBaseUrl(baseUrl)}'`)
    // Paths are added after the base: `/v1?x=1` would ask for `/v1?x=1/pets`.
    const { search, hash } = new URL(baseUrl)
    if (search !== '' || hash !== '')
      throw new Error(
        `--base-url is the API's base, ending in /v1, with no query or fragment; received '${shownBaseUrl(baseUrl)}'`,
      )
  }
  const timeoutText = values.timeout ?? env.PETSTORE_TIMEOUT_MS ?? '5000'
  const timeoutMs = Number(timeoutText)
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 1 || timeoutMs > 120_000) {
    throw new Error(`--timeout must be milliseconds from 1 to 120000; received '${timeoutText}'`)
  }
  const deadlineText = given('deadline')
  const deadlineMs =
    deadlineText === undefined
      ? undefined
      : parseQuantity(deadlineText, { ms: 1, s: 1000, m: 60_000, '': 1000 })
  if (deadlineText !== undefined && (deadlineMs === undefined || deadlineMs < 1 || deadlineMs > 86_400_000)) {
    throw new Error(
      `--deadline must be a duration such as 90s, 5m or 1500ms (at most 24 hours); received '${deadlineText}'`,
    )
  }
  const maxBodyText = given('max-body') ?? String(DEFAULT_MAX_BODY_BYTES)
  const maxBodyBytes = parseQuantity(maxBodyText, { '': 1, b: 1, kib: 1024, mib: 1_048_576 })
  if (maxBodyBytes === undefined || maxBodyBytes < 1024 || maxBodyBytes > 1_073_741_824) {
    throw new Error(`--max-body must be from 1KiB to 1024MiB (e.g. 4MiB or 65536); received '${maxBodyText}'`)
  }
  const kindText =
    values['target-kind'] ?? (values.stateless ? 'prism-mock' : env.PETSTORE_TARGET_KIND) ?? 'server'
  const targetKind = kindText === 'prism' ? 'prism-mock' : kindText
  if (!TARGET_KINDS.includes(targetKind as TargetKind)) {
    throw new Error(`--target-kind must be one of ${TARGET_KINDS.join(', ')}; received '${kindText}'`)
  }
  const seedText = given('seed')
  if (seedText !== undefined && !/^-?\d{1,10}$/.test(seedText))
    throw new Error(`--seed must be an integer (the seed a report printed); received '${seedText}'`)
  const budgetText = given('budget')
  const minCoverageText = given('min-coverage')
  const reportsDir = given('reports-dir')
  const reports = reportsDir !== undefined || on('reports')
  const files = reportFiles(reportsDir ?? DEFAULT_REPORTS_DIR)
  const path = (given: string | undefined) => whereTypedIfGiven(given, typedIn)
  const key =
    help || version
      ? { key: '', from: 'default' as const }
      : apiKeyOf(values['api-key'], path(values['api-key-file']), env, typedIn)
  return {
    help,
    version,
    baseUrl: trimTrailingSlashes(baseUrl),
    apiKey: key.key,
    apiKeyFrom: key.from,
    keyOnCommandLine: values['api-key'] !== undefined,
    strict: on('strict'),
    readOnly: on('read-only'),
    targetKind: targetKind as TargetKind,
    timeoutMs,
    seed: seedText === undefined ? undefined : Number(seedText),
    budget: budgetText === undefined ? undefined : parseBudget(budgetText),
    concurrency: whole('concurrency', 1, 64),
    reproductions: whole('reproductions', 0, 10),
    maxCreates: whole('max-creates', 0, 1_000_000),
    minCoverage: minCoverageText === undefined ? undefined : parseMinCoverage(minCoverageText),
    replayFile: path(given('replay')),
    deadlineMs,
    maxBodyBytes,
    junitFile: path(given('junit') ?? (reports ? files.junit : undefined)),
    jsonFile: path(given('json') ?? (reports ? files.json : undefined)),
    htmlFile: path(given('html') ?? (reports ? files.html : undefined)),
    summaryFile: path(given('summary')),
    specFile: path(given('spec')),
    waivers: waiversOf(given('checks'), given('exclude-checks'), path(given('waivers'))),
    verbose: on('verbose'),
  }
}

/** The checks not chosen (--checks) or excluded, not run, and the waivers in `file`; throws naming the flag. */
function waiversOf(chosen?: string, excluded?: string, file?: string): Waiver[] {
  const only = chosen === undefined ? undefined : waiversIn(chosen, CHECKS, '--checks').map((w) => w.check)
  const out = (check: string, reason: string): Waiver => ({ check, reason, excluded: true })
  let listed: Waiver[] = []
  try {
    listed = file === undefined ? [] : waiversIn(readFileSync(file, 'utf8'), CHECKS, 'waiver')
  } catch (error) {
    throw new Error(`--waivers ${file}: ${(error as Error).message}`)
  }
  return [
    ...CHECKS.filter((c) => only && !only.includes(c.name)).map((c) => out(c.name, 'not chosen by --checks')),
    ...(excluded === undefined ? [] : waiversIn(excluded, CHECKS, '--exclude-checks')).map((w) =>
      out(w.check, 'excluded by --exclude-checks'),
    ),
    ...listed,
  ]
}

/**
 * The key: `--api-key`, else `--api-key-file`, else PETSTORE_API_KEY_FILE, else PETSTORE_API_KEY,
 * else the mock's. Two ways at once on the command line is a usage error, and so is a variable set
 * but empty (an unset CI secret), which would otherwise be sent as an empty key.
 */
function apiKeyOf(
  flag: string | undefined,
  file: string | undefined,
  env: Record<string, string | undefined>,
  typedIn: TypedIn | undefined,
): { key: string; from: KeySource } {
  if (flag !== undefined && file !== undefined) throw new Error('give --api-key or --api-key-file, not both')
  if (flag !== undefined) return { key: flag, from: 'flag' }
  if (file !== undefined) return { key: readApiKeyFile(file), from: 'file' }
  if (env.PETSTORE_API_KEY_FILE)
    return { key: readApiKeyFile(whereTyped(env.PETSTORE_API_KEY_FILE, typedIn)), from: 'file' }
  if (env.PETSTORE_API_KEY === '')
    throw new Error(
      'PETSTORE_API_KEY is set but empty (is the secret defined?); unset it to use petstore-dev-key',
    )
  return env.PETSTORE_API_KEY === undefined
    ? { key: 'petstore-dev-key', from: 'default' }
    : { key: env.PETSTORE_API_KEY, from: 'env' }
}

/** A whole number from `min` to `max`, or undefined when not given; throws naming the flag otherwise. */
function wholeNumber(text: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`${flag} must be a whole number from ${min} to ${max}; received '${text}'`)
  return value
}

/** A number with an optional unit from `units` (case-insensitive), as a whole count of the base unit. */
function parseQuantity(text: string, units: Record<string, number>): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim())
  const factor = match ? units[(match[2] as string).toLowerCase()] : undefined
  return match && factor ? Math.round(Number(match[1]) * factor) : undefined
}
