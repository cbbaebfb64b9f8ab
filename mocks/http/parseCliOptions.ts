import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'
import { JOURNAL_SIZE } from '../../kit/journal/RequestJournal.ts'
import { DEFAULT_MEMORY_MIB } from '../../kit/memory/MemoryBudget.ts'
import { type TypedIn, whereTypedIfGiven } from '../../kit/node/whereTyped.ts'
import { integerIn, settingText, shownValue } from '../../kit/text/integerIn.ts'
import { DEFAULT_MAX_PETS } from '../core/PetStore.ts'
import { SESSION_LIMITS } from '../server/SessionRegistry.ts'

export interface CliOptions {
  port: number
  host: string
  apiKeys: string[]
  seedFile: string | undefined
  /** Where the store is kept across restarts; undefined: in memory only. */
  stateFile: string | undefined
  /** Creates beyond this many stored pets get 507. */
  maxPets: number
  /** MiB all sessions together keep of what clients send (pets, reset seeds, journals); past it creates get 507. */
  maxMemoryMiB: number
  /** A fixed delay before every API response, or a range each response's delay is drawn from. */
  latencyMs: number | { min: number; max: number }
  corsOrigins: string[]
  /** Host names served besides IP addresses and localhost (DNS-rebinding defence). */
  allowedHosts: string[]
  /** Named sessions (X-Mock-Session) kept at once (undefined: no cap, the memory budget bounds them), and minutes an unused one lives. */
  maxSessions: number | undefined
  sessionIdleMinutes: number
  /** Requests each session's journal keeps. */
  journalSize: number
  quiet: boolean
  /** An OpenAPI file to serve instead of the packaged spec/openapi.yaml; undefined: the packaged one. */
  specFile: string | undefined
  /** Reload the spec file (--spec, else the packaged one) on every change (development). */
  watch: boolean
  /** Let the spec's `$ref`s fetch http(s) URLs (off: only files inside the spec's folder). */
  allowRemoteRefs: boolean
  help: boolean
  version: boolean
}

/** Every option `petstore-mock` accepts (node:util parseArgs); `mockUsage` names each (a test holds it). */
export const MOCK_CLI_OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'api-key': { type: 'string', short: 'k', multiple: true },
  spec: { type: 'string' },
  seed: { type: 'string' },
  'state-file': { type: 'string' },
  'max-pets': { type: 'string' },
  'max-memory': { type: 'string' },
  latency: { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  'allowed-host': { type: 'string', multiple: true },
  'max-sessions': { type: 'string' },
  'session-idle': { type: 'string' },
  'journal-size': { type: 'string' },
  quiet: { type: 'boolean', short: 'q', default: false },
  watch: { type: 'boolean', short: 'w', default: false },
  'allow-remote-refs': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const satisfies ParseArgsOptionsConfig

/**
 * The help text, naming the command the user typed (`petstore-mock`, or `npm start --` in this
 * repository), so it can be copied as it stands.
 *
 * @example
 * mockUsage('petstore-mock') // 'Usage: petstore-mock [options]\n\n  -p, --port N ...'
 */
export function mockUsage(program: string): string {
  return `Usage: ${program} [options]
       ${program === 'petstore-mock' ? 'petstore-mock proxy' : 'npm run proxy --'} [options]   the validating proxy in front of the real service (its -h lists them)

  -p, --port N           port to listen on; 0 picks a free one     (env PORT, default 4010)
      --host H           address to bind (no short form: -h is help) (env HOST, default 127.0.0.1)
  -k, --api-key KEY      an accepted bearer key; repeat for more   (env PETSTORE_API_KEYS=k1,k2; default petstore-dev-key)
      --spec FILE        serve this copy of the OpenAPI document    (env PETSTORE_SPEC; default: the packaged spec/openapi.yaml)
      --seed FILE        JSON array of Pet to start with           (env PETSTORE_SEED; default fixtures/seed-pets.json)
      --state-file FILE  keep the pets in FILE (SQLite) across restarts; its folder is created
                                                                   (env PETSTORE_STATE_FILE; default: memory only)
      --max-pets N       creates beyond N stored pets get 507      (env PETSTORE_MAX_PETS, default ${DEFAULT_MAX_PETS})
      --max-memory N     MiB all sessions together keep of what clients send (pets, reset
                         seeds, journals); past it creates get 507 (env PETSTORE_MAX_MEMORY, default ${DEFAULT_MEMORY_MIB})
      --latency MS       delay every API response by MS, or by a delay drawn for each
                         between MIN and MAX with MIN-MAX (50-200)  (env PETSTORE_LATENCY_MS, default 0)
      --cors-origin O    allow browser origin O besides localhost; repeat; * allows all
      --allowed-host H   serve Host name H besides IP addresses and localhost; repeat; .example.com
                         allows its subdomains, all allows any   (env PETSTORE_ALLOWED_HOSTS=h1,h2)
      --max-sessions N   at most N named sessions (X-Mock-Session); the least recently used goes first
                         (env PETSTORE_MAX_SESSIONS; default: no cap, --max-memory bounds them)
      --session-idle MIN a session unused for MIN minutes is dropped (env PETSTORE_SESSION_IDLE, default ${SESSION_LIMITS.idleMs / 60_000})
      --journal-size N   requests kept per session for GET /__mock/requests
                                                                   (env PETSTORE_JOURNAL_SIZE, default ${JOURNAL_SIZE})
  -q, --quiet            no per-request log lines
  -w, --watch            reload the spec file (--spec, else the packaged one) when it changes; the store keeps its pets
      --allow-remote-refs let the spec's $refs fetch http(s) URLs (default: only files inside the spec's folder)
  -v, --version          the version of petstore-mock
  -h, --help             this text

Endpoints besides the API under /v1 (each per session: header X-Mock-Session: NAME, none for the default):
  GET    /__mock/                the inspector page: pets, the live journal, reset, force an error (?session=NAME)
  GET    /__mock/openapi.yaml    the spec in use (--spec and --watch edits included), this mock its first server
  GET    /__mock/openapi.json    the same document as JSON
  GET    /__mock/docs/           Swagger UI on it: Authorize with the key, then Try it out
  GET    /__mock/health          ok, or degraded when the state file takes no writes
  POST   /__mock/reset           back to the seed; with a JSON array of Pet as the body, to exactly those pets
  GET    /__mock/export          every pet as a JSON array (a seed for --seed or for a reset)
  GET    /__mock/requests        the request journal: what the app sent, bodies included, newest last
  GET    /__mock/requests.har    the journal as HAR 1.2 (request bodies included, credentials redacted)
  DELETE /__mock/requests        empty the journal
  GET    /__mock/next-response   the forced responses waiting
  POST   /__mock/next-response   force the next answer of an operation: {"operation":"listPets","status":401}
  DELETE /__mock/next-response   drop the forced responses
  GET    /__mock/session         the session as the inspector page shows it (ETag: 304 when unchanged)
  GET    /__mock/sessions        every live session, the memory budget and recent evictions
  GET    /__mock/coverage        what the session's journal exercised of the document: operations, statuses, parameters, enum values
  GET    /__mock/coverage.html   the same as a page
Writes need Content-Type: application/json. Details: docs/sessions.md and docs/mock.md.`
}

/**
 * Reads the mock's settings from flags, then environment variables, then defaults; relative paths
 * resolve where the command was typed (kit/node/whereTyped.ts; `typedIn` for tests). Pure: returns
 * the options or throws an Error whose message says which setting is wrong.
 *
 * @example
 * parseCliOptions(['--port', '0', '--api-key', 'k'], {}) // { port: 0, apiKeys: ['k'], host: '127.0.0.1', ... }
 */
export function parseCliOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  typedIn?: TypedIn,
): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: MOCK_CLI_OPTIONS,
  })
  // A setting's text: its flag's, else its environment variable's (then named), else the default.
  type Flag = keyof typeof values
  const setting = (flag: Flag, variable: string, fallback: string) =>
    settingText(flag, values[flag] as string | undefined, env, variable, fallback)
  const integer = (flag: Flag, variable: string, fallback: string, min: number, max: number) => {
    const { name, text } = setting(flag, variable, fallback)
    return integerIn(name, text, min, max)
  }
  const apiKeys = values['api-key'] ?? splitList(env.PETSTORE_API_KEYS)
  for (const key of apiKeys) {
    if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(key))
      throw new Error('an API key must be a bearer token (letters, digits, -._~+/ and trailing =)')
  }
  return {
    port: integer('port', 'PORT', '4010', 0, 65535),
    host: values.host ?? env.HOST ?? '127.0.0.1',
    apiKeys,
    // Where the user typed the command, also under `npm start`, which moves to the clone's root.
    specFile: whereTypedIfGiven(values.spec ?? env.PETSTORE_SPEC, typedIn),
    seedFile: whereTypedIfGiven(values.seed ?? env.PETSTORE_SEED, typedIn),
    stateFile: whereTypedIfGiven(values['state-file'] ?? env.PETSTORE_STATE_FILE, typedIn),
    maxPets: integer('max-pets', 'PETSTORE_MAX_PETS', String(DEFAULT_MAX_PETS), 0, 2 ** 31 - 1),
    maxMemoryMiB: integer('max-memory', 'PETSTORE_MAX_MEMORY', String(DEFAULT_MEMORY_MIB), 1, 1024 * 1024),
    latencyMs: latencyIn(setting('latency', 'PETSTORE_LATENCY_MS', '0')),
    corsOrigins: values['cors-origin'] ?? [],
    allowedHosts: values['allowed-host'] ?? splitList(env.PETSTORE_ALLOWED_HOSTS),
    maxSessions: optional(values['max-sessions'] ?? env.PETSTORE_MAX_SESSIONS, () =>
      integer('max-sessions', 'PETSTORE_MAX_SESSIONS', '', 1, 100_000),
    ),
    sessionIdleMinutes: integer(
      'session-idle',
      'PETSTORE_SESSION_IDLE',
      String(SESSION_LIMITS.idleMs / 60_000),
      1,
      7 * 24 * 60,
    ),
    journalSize: integer('journal-size', 'PETSTORE_JOURNAL_SIZE', String(JOURNAL_SIZE), 1, 100_000),
    quiet: values.quiet,
    watch: values.watch,
    allowRemoteRefs: values['allow-remote-refs'],
    help: values.help,
    version: values.version,
  }
}

function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

function optional<T>(text: string | undefined, parse: (text: string) => T): T | undefined {
  return text === undefined ? undefined : parse(text)
}

/** `--latency`: MS, or MIN-MAX (each response's delay drawn between them), within a minute. */
function latencyIn({ name, text }: { name: string; text: string }): CliOptions['latencyMs'] {
  const range = /^(\d+)-(\d+)$/.exec(text)
  if (!range) return integerIn(name, text, 0, 60_000)
  const min = integerIn(name, range[1] as string, 0, 60_000)
  const max = integerIn(name, range[2] as string, 0, 60_000)
  if (min > max) throw new Error(`--${name} MIN-MAX needs MIN <= MAX; received '${shownValue(text)}'`)
  return { min, max }
}
