import { readFileSync } from 'node:fs'
import { type MinCoverage, parseMinCoverage } from '../../coverage/minCoverage.ts'
import {
  integer,
  oneOf,
  optionHelp,
  optionTable,
  path,
  quantity,
  type Reader,
  readOptions,
  refuse,
} from '../../kit/node/optionTable.ts'
import type { TypedIn } from '../../kit/node/whereTyped.ts'
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

/** Where and how to run the suite: what the CLI and the Jest suite hand to runContract, and the files the CLI uses. */
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

/** `--seed`: an integer as a report prints it, negative ones included. */
function seedIn(text: string, name: string): number {
  return /^-?\d{1,10}$/.test(text)
    ? Number(text)
    : refuse(name, 'an integer (the seed a report printed)', text)
}

/** `--deadline`: a duration, a bare number in seconds, at most a day. */
const duration = quantity(
  { ms: 1, s: 1000, m: 60_000, '': 1000 },
  1,
  86_400_000,
  'a duration such as 90s, 5m or 1500ms (at most 24 hours)',
)

/** `--max-body`: bytes, KiB or MiB. */
const byteSize = quantity(
  { '': 1, b: 1, kib: 1024, mib: 1_048_576 },
  1024,
  1_073_741_824,
  'from 1KiB to 1024MiB (e.g. 4MiB or 65536)',
)

/** `--target-kind`: one of TARGET_KINDS; `prism` is short for `prism-mock`. */
const targetKind: Reader<TargetKind> = (text, name) =>
  oneOf(TARGET_KINDS)(text === 'prism' ? 'prism-mock' : text, name)

/** Every option `petstore-contract` accepts, its help and how it is read (kit/node/optionTable.ts). */
export const CONTRACT_CLI_OPTIONS = optionTable(
  {
    'base-url': { short: 'u', value: 'URL', env: 'PETSTORE_BASE_URL' },
    'api-key': { short: 'k', value: 'KEY', env: 'PETSTORE_API_KEY', default: 'petstore-dev-key' },
    'api-key-file': { value: 'FILE', env: 'PETSTORE_API_KEY_FILE', read: path },
    strict: { env: 'PETSTORE_STRICT' },
    'read-only': { env: 'PETSTORE_READ_ONLY' },
    stateless: {},
    'target-kind': { value: 'KIND', env: 'PETSTORE_TARGET_KIND', default: 'server', read: targetKind },
    timeout: { value: 'MS', env: 'PETSTORE_TIMEOUT_MS', default: 5000, read: integer(1, 120_000) },
    seed: { value: 'N', env: 'PETSTORE_SEED', read: seedIn },
    budget: { value: 'B', env: 'PETSTORE_BUDGET', read: parseBudget },
    concurrency: { value: 'N', env: 'PETSTORE_CONCURRENCY', read: integer(1, 64) },
    reproductions: { value: 'N', env: 'PETSTORE_REPRODUCTIONS', read: integer(0, 10) },
    'max-creates': { value: 'N', env: 'PETSTORE_MAX_CREATES', read: integer(0, 1_000_000) },
    replay: { value: 'FILE.har', env: 'PETSTORE_REPLAY', read: path },
    'min-coverage': { value: 'SPEC', env: 'PETSTORE_MIN_COVERAGE', read: parseMinCoverage },
    deadline: { value: 'TIME', env: 'PETSTORE_DEADLINE', read: duration },
    'max-body': { value: 'BYTES', env: 'PETSTORE_MAX_BODY', default: DEFAULT_MAX_BODY_BYTES, read: byteSize },
    spec: { value: 'FILE', env: 'PETSTORE_SPEC', read: path },
    junit: { value: 'FILE', env: 'PETSTORE_JUNIT', read: path },
    json: { value: 'FILE', env: 'PETSTORE_JSON', read: path },
    html: { value: 'FILE', env: 'PETSTORE_HTML', read: path },
    summary: { value: 'FILE', env: 'PETSTORE_SUMMARY', read: path },
    reports: { short: 'r', env: 'PETSTORE_REPORTS' },
    'reports-dir': { value: 'DIR', env: 'PETSTORE_REPORTS_DIR', default: DEFAULT_REPORTS_DIR, read: path },
    checks: { value: 'NAMES', env: 'PETSTORE_CHECKS' },
    'exclude-checks': { value: 'NAMES', env: 'PETSTORE_EXCLUDE_CHECKS' },
    waivers: { value: 'FILE', env: 'PETSTORE_WAIVERS', read: path },
    verbose: { env: 'PETSTORE_VERBOSE' },
    version: { short: 'v' },
  },
  {
    'base-url': "the API's base, ending in /v1",
    'api-key': `a key the target accepts; the variable keeps it off the command line, which a script runner echoes and ps shows`,
    'api-key-file': 'read the key from FILE, one trailing newline dropped',
    strict: 'recommended checks fail the run too',
    'read-only': 'never create data',
    stateless: `the target is \`prism mock\`: no state, any key accepted; such checks are skipped (same as --target-kind prism-mock; env PETSTORE_TARGET_KIND=prism)`,
    'target-kind': 'server, prism-mock or prism-proxy',
    timeout: 'per-request timeout',
    seed: "replay the model phase's sequences (random by default)",
    budget: `how hard the model phase looks: sequences (300seq, 300), time (30s, 2m), or both, whichever comes first (300seq,60s); default ${formatBudget(DEFAULT_BUDGET)}`,
    concurrency: `model-phase sequences run at once, sharing one knowledge of the store (1 to 64; default ${DEFAULT_CONCURRENCY}; 1 replays a seed exactly)`,
    reproductions: `run each finding again N times before it is reported: reproduced N/N, or flaky (0 to 10; default ${DEFAULT_REPRODUCTIONS})`,
    'max-creates': `create at most N pets (the API has no delete; default ${DEFAULT_MAX_CREATES}); past it the checks that need a create are skipped`,
    replay: `replay the interactions a frontend made (the mock's /__mock/requests.har, a browser's or the proxy's HAR) in order, ids substituted, judged by the document and the model instead of the default checks; with --read-only, reads only`,
    'min-coverage': `fail unless the run exercised this much of the document: operations=100, documented-statuses=100 (the interface document's; also statuses, added-statuses, parameters, enumValues), or one percentage for all; the console, JSON and JUnit always show coverage`,
    deadline: `stop the whole run after TIME (e.g. 90s, 5m, 1500ms; a bare number is seconds), report what was judged; default ${DEFAULT_DEADLINE_MS / 1000}s plus twice a time budget`,
    'max-body': 'read at most BYTES of a response body, discard the rest (e.g. 1MiB, 4MiB)',
    spec: 'check against this OpenAPI document (another version of spec/openapi.yaml) instead of the packaged one',
    junit: 'write a JUnit XML report',
    json: 'write a JSON summary (checks x operations)',
    html: 'write the run as one self-contained HTML page',
    summary: `write the run as Markdown for a CI job page; written to $GITHUB_STEP_SUMMARY too when that is set`,
    reports: `JUnit, JSON and HTML, at ${DEFAULT_REPORTS.junit}, ${DEFAULT_REPORTS.json} and ${DEFAULT_REPORTS.html}`,
    'reports-dir': 'the same three (and coverage.html) in DIR instead',
    checks: 'run only these checks (names, comma-separated); the others are shown as waived, never as passed',
    'exclude-checks': 'do not run these; shown as waived',
    waivers: `waive checks: a YAML or JSON list of { check, operation (optional), reason, expires: YYYY-MM-DD }; shown as waived with the reason; an expired waiver fails the run, saying which and since when`,
    verbose: 'every check on its line, the coverage table, each state never seen with why; -v is --version',
    version: 'the version of petstore-contract',
  },
)

/**
 * The help text, naming the command the user typed (invokedAs), so it can be copied as it stands.
 *
 * @example
 * contractUsage('petstore-contract') // 'Usage: petstore-contract --base-url URL [options]\n...'
 */
export function contractUsage(program: string): string {
  return `Usage: ${program} --base-url URL [options]
       ${program} coverage FILE.har [--min-coverage SPEC]   what recorded traffic exercised (--help there)
       ${program} breaks FILE.har --spec NEXT.yaml          which recorded calls another version breaks

${optionHelp(CONTRACT_CLI_OPTIONS)}

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

/** What resolveTarget adds for the CLI: the help and version flags, and where the key came from. */
export interface ResolvedTarget extends ContractTarget {
  help: boolean
  version: boolean
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
  const values = readOptions(CONTRACT_CLI_OPTIONS, argv, env, { typedIn })
  const { help, version } = values
  const baseUrl = values.baseUrl ?? ''
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
  const asked = values.reports || values.from.reportsDir !== 'default'
  const reports = asked ? reportFiles(values.reportsDir) : undefined
  const key = help || version ? { key: '', from: 'default' as const } : keyOf(values, env)
  return {
    help,
    version,
    baseUrl: trimTrailingSlashes(baseUrl),
    apiKey: key.key,
    apiKeyFrom: key.from,
    keyOnCommandLine: values.from.apiKey === 'flag',
    strict: values.strict,
    readOnly: values.readOnly,
    // The flag, else --stateless, else the environment.
    targetKind: values.stateless && values.from.targetKind !== 'flag' ? 'prism-mock' : values.targetKind,
    timeoutMs: values.timeout,
    seed: values.seed,
    budget: values.budget,
    concurrency: values.concurrency,
    reproductions: values.reproductions,
    maxCreates: values.maxCreates,
    minCoverage: values.minCoverage,
    replayFile: values.replay,
    deadlineMs: values.deadline,
    maxBodyBytes: values.maxBody,
    junitFile: values.junit ?? reports?.junit,
    jsonFile: values.json ?? reports?.json,
    htmlFile: values.html ?? reports?.html,
    summaryFile: values.summary,
    specFile: values.spec,
    waivers: waiversOf(values.checks, values.excludeChecks, values.waivers),
    verbose: values.verbose,
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
 * The key: `--api-key`, else a key file (`--api-key-file`, else PETSTORE_API_KEY_FILE unless empty),
 * else PETSTORE_API_KEY, else the mock's. Both flags at once is a usage error, and so is
 * PETSTORE_API_KEY set but empty (an unset CI secret), which would otherwise be sent as an empty key.
 */
function keyOf(
  { apiKey, apiKeyFile, from }: ReturnType<typeof readOptions<typeof CONTRACT_CLI_OPTIONS>>,
  env: Record<string, string | undefined>,
): { key: string; from: KeySource } {
  if (from.apiKey === 'flag' && from.apiKeyFile === 'flag')
    throw new Error('give --api-key or --api-key-file, not both')
  const file = from.apiKeyFile === 'flag' || env.PETSTORE_API_KEY_FILE ? apiKeyFile : undefined
  if (from.apiKey !== 'flag' && file !== undefined) return { key: readApiKeyFile(file), from: 'file' }
  if (from.apiKey === 'env' && apiKey === '')
    throw new Error(
      'PETSTORE_API_KEY is set but empty (is the secret defined?); unset it to use petstore-dev-key',
    )
  return { key: apiKey, from: from.apiKey }
}
