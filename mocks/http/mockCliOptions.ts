import { JOURNAL_SIZE } from '../../kit/journal/RequestJournal.ts'
import { DEFAULT_MEMORY_MIB } from '../../kit/memory/MemoryBudget.ts'
import { integer, optionHelp, optionTable, path, type Reader, refuse } from '../../kit/node/optionTable.ts'
import { DEFAULT_MAX_PETS } from '../core/PetStore.ts'
import { SESSION_LIMITS } from '../server/SessionRegistry.ts'

/** An API key as the mock accepts it: a bearer token, which a header can carry as it stands. */
const bearerToken: Reader<string> = (key) => {
  if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(key))
    throw new Error('an API key must be a bearer token (letters, digits, -._~+/ and trailing =)')
  return key
}

/** `--latency`: MS, or MIN-MAX (each response's delay drawn between them), within a minute. */
const latency: Reader<number | { min: number; max: number }> = (text, name) => {
  const ms = integer(0, 60_000)
  const range = /^(\d+)-(\d+)$/.exec(text)
  if (!range) return ms(text, name)
  const [min, max] = [ms(range[1] as string, name), ms(range[2] as string, name)]
  return min <= max ? { min, max } : refuse(name, 'MIN-MAX with MIN <= MAX', text)
}

/**
 * Every option `petstore-mock` accepts, its help and how it is read (kit/node/optionTable.ts: the
 * flag, else the variable, else the default; relative paths where the command was typed).
 */
export const MOCK_CLI_OPTIONS = optionTable(
  {
    port: { short: 'p', value: 'N', env: 'PORT', default: 4010, read: integer(0, 65535) },
    host: { value: 'H', env: 'HOST', default: '127.0.0.1' },
    'api-key': { short: 'k', value: 'KEY', env: 'PETSTORE_API_KEYS', multiple: true, read: bearerToken },
    spec: { value: 'FILE', env: 'PETSTORE_SPEC', read: path },
    seed: { value: 'FILE', env: 'PETSTORE_SEED', read: path },
    'state-file': { value: 'FILE', env: 'PETSTORE_STATE_FILE', read: path },
    'max-pets': {
      value: 'N',
      env: 'PETSTORE_MAX_PETS',
      default: DEFAULT_MAX_PETS,
      read: integer(0, 2 ** 31 - 1),
    },
    'max-memory': {
      value: 'N',
      env: 'PETSTORE_MAX_MEMORY',
      default: DEFAULT_MEMORY_MIB,
      read: integer(1, 1024 * 1024),
    },
    latency: { value: 'MS', env: 'PETSTORE_LATENCY_MS', default: 0, read: latency },
    'cors-origin': { value: 'O', multiple: true },
    'allowed-host': { value: 'H', env: 'PETSTORE_ALLOWED_HOSTS', multiple: true },
    'max-sessions': { value: 'N', env: 'PETSTORE_MAX_SESSIONS', read: integer(1, 100_000) },
    'session-idle': {
      value: 'MIN',
      env: 'PETSTORE_SESSION_IDLE',
      default: SESSION_LIMITS.idleMs / 60_000,
      read: integer(1, 7 * 24 * 60),
    },
    'journal-size': {
      value: 'N',
      env: 'PETSTORE_JOURNAL_SIZE',
      default: JOURNAL_SIZE,
      read: integer(1, 100_000),
    },
    quiet: { short: 'q' },
    watch: { short: 'w' },
    'allow-remote-refs': {},
    version: { short: 'v' },
  },
  {
    port: 'port to listen on; 0 picks a free one',
    host: 'address to bind (no short form: -h is help)',
    'api-key': 'an accepted bearer key; repeat for more (default petstore-dev-key)',
    spec: 'serve this copy of the OpenAPI document (default: the packaged spec/openapi.yaml)',
    seed: 'JSON array of Pet to start with (default fixtures/seed-pets.json)',
    'state-file': `keep the pets in FILE (SQLite) across restarts; its folder is created (default: memory only)`,
    'max-pets': 'creates beyond N stored pets get 507',
    'max-memory': `MiB all sessions together keep of what clients send (pets, reset seeds, journals); past it creates get 507`,
    latency: `delay every API response by MS, or by a delay drawn for each between MIN and MAX with MIN-MAX (50-200)`,
    'cors-origin': 'allow browser origin O besides localhost; repeat; * allows all',
    'allowed-host': `serve Host name H besides IP addresses and localhost; repeat; .example.com allows its subdomains, all allows any`,
    'max-sessions': `at most N named sessions (X-Mock-Session), the least recently used going first (default: no cap, --max-memory bounds them)`,
    'session-idle': 'a session unused for MIN minutes is dropped',
    'journal-size': 'requests kept per session for GET /__mock/requests',
    quiet: 'no per-request log lines',
    watch: 'reload the spec file (--spec, else the packaged one) when it changes; the store keeps its pets',
    'allow-remote-refs': `let the spec's $refs fetch http(s) URLs (default: only files inside the spec's folder)`,
    version: 'the version of petstore-mock',
  },
)

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

${optionHelp(MOCK_CLI_OPTIONS)}

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
