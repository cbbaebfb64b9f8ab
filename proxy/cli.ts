// `petstore-mock proxy --upstream URL`: the validating proxy from the command line (bin/petstore-mock.ts
// sends the `proxy` subcommand here). Loopback by default, like the mock.
import { JOURNAL_SIZE } from '../kit/journal/RequestJournal.ts'
import {
  integer,
  type OptionValues,
  optionHelp,
  optionTable,
  path,
  readOptions,
} from '../kit/node/optionTable.ts'
import { exitWith, say } from '../kit/text/say.ts'
import { listenUntilStopped } from '../serving/node/listenUntilStopped.ts'
import { loadSpec } from '../spec/loadSpec.ts'
import { compileSpec, defaultSpec } from '../spec/runtime.ts'
import { createProxy, DEFAULT_BUFFERED_BYTES, upstreamUrl } from './createProxy.ts'

/** Every option the proxy accepts, its help and how it is read (kit/node/optionTable.ts). */
export const PROXY_CLI_OPTIONS = optionTable(
  {
    upstream: { value: 'URL', env: 'PETSTORE_UPSTREAM' },
    port: { short: 'p', value: 'N', env: 'PORT', default: 4020, read: integer(0, 65535) },
    host: { value: 'H', default: '127.0.0.1' },
    'allowed-host': { value: 'H', multiple: true },
    spec: { value: 'FILE', read: path },
    // Node's timers hold at most 2^31 - 1 ms; a longer one would fire at once.
    timeout: { value: 'MS', default: 30_000, read: integer(1, 2 ** 31 - 1) },
    'journal-size': { value: 'N', default: JOURNAL_SIZE, read: integer(1, 2_000) },
    'max-buffer-mib': { value: 'N', default: DEFAULT_BUFFERED_BYTES / 1_048_576, read: integer(4, 4_096) },
    quiet: { short: 'q' },
  },
  {
    upstream: "the real service's base URL, ending in /v1, without user:pass@ (required)",
    port: 'port to listen on; 0 picks a free one',
    host: 'address to bind',
    'allowed-host': 'serve Host name H besides IP addresses and localhost; repeat',
    spec: 'judge against this OpenAPI document instead of the packaged one',
    timeout: 'how long the upstream may take to send its whole answer',
    'journal-size': 'exchanges kept for /__mock/requests, .har and coverage, at most 2000',
    'max-buffer-mib': `what all exchanges in flight may hold together, in MiB (4-4096); past it a request gets 503 with Retry-After`,
    quiet: 'no per-request log lines',
  },
)

export const PROXY_USAGE = `Usage: petstore-mock proxy --upstream URL [options]

Forwards every request unchanged to the real service and checks each exchange against the spec and
the contract suite's interface model; violations go to the log line, an X-Petstore-Violations
header, the page at /__mock/ and GET /__mock/violations. Answers come back as the upstream sent
them (compressed stays compressed); only origin-form targets (/v1/...) are forwarded.

${optionHelp(PROXY_CLI_OPTIONS)}

The proxy's own endpoints (never forwarded):
  GET    /__mock/                the page: violations and requests, live
  GET    /__mock/health          ok, and the upstream
  GET    /__mock/violations      what the traffic broke, newest last
  DELETE /__mock/violations      forget them
  GET    /__mock/requests        the exchanges forwarded, with their verdicts, newest last
  DELETE /__mock/requests        forget them
  GET    /__mock/requests.har    the same as HAR 1.2, to replay (petstore-contract) or measure
  GET    /__mock/coverage        what the traffic exercised of the document
  GET    /__mock/coverage.html   the same as a page`

/**
 * Runs the proxy until it is stopped (SIGINT, SIGTERM); a bad command line or a start refused is
 * one line and exit 2.
 *
 * @example
 * await runProxyCli(['--upstream', 'https://staging.example.com/v1'])
 */
export async function runProxyCli(argv: readonly string[]): Promise<void> {
  let values: OptionValues<typeof PROXY_CLI_OPTIONS>
  let upstream: URL
  try {
    values = readOptions(PROXY_CLI_OPTIONS, argv, process.env)
    if (values.help) return say(PROXY_USAGE)
    // Its message never quotes the URL: a refused one may hold a password.
    upstream = upstreamUrl(values.upstream ?? '')
  } catch (error) {
    exitWith(
      `petstore-mock proxy: ${(error as Error).message} (petstore-mock proxy --help lists every option)`,
    )
  }
  const specFile = values.spec
  const refused = (error: Error) => exitWith(`petstore-mock proxy: --spec ${specFile}: ${error.message}`)
  const spec =
    specFile === undefined ? defaultSpec() : await loadSpec(specFile).then(compileSpec).catch(refused)
  const proxy = createProxy({
    upstream: upstream.href,
    spec,
    timeoutMs: values.timeout,
    journalSize: values.journalSize,
    maxBufferedBytes: values.maxBufferMib * 1_048_576,
    allowedHosts: values.allowedHost,
    ...(values.quiet ? {} : { log: (line: string) => say(line) }),
  })
  const origin = await listenUntilStopped(proxy.server, 'petstore-mock proxy', values)
  // The full base URL the app points at: the proxy's origin and the upstream's base path.
  say(
    `petstore-mock proxy listening on ${origin}${upstream.pathname === '/' ? '' : upstream.pathname}, forwarding to ${upstream.href}; violations at ${origin}/__mock/`,
  )
}
