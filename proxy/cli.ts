// `petstore-mock proxy --upstream URL`: the validating proxy from the command line (bin/petstore-mock.ts
// sends the `proxy` subcommand here). Loopback by default, like the mock.
import { parseArgs } from 'node:util'
import { whereTyped } from '../kit/node/whereTyped.ts'
import { integerIn, settingText } from '../kit/text/integerIn.ts'
import { say, sayError } from '../kit/text/say.ts'
import { loadSpec } from '../spec/loadSpec.ts'
import { compileSpec, defaultSpec } from '../spec/runtime.ts'
import { createProxy, DEFAULT_BUFFERED_BYTES, upstreamUrl } from './createProxy.ts'

export const PROXY_USAGE = `Usage: petstore-mock proxy --upstream URL [options]

Forwards every request unchanged to the real service and checks each exchange against the spec and
the contract suite's interface model; violations go to the log line, an X-Petstore-Violations
header, the page at /__mock/ and GET /__mock/violations. Answers come back as the upstream sent
them (compressed stays compressed); only origin-form targets (/v1/...) are forwarded.

  --upstream URL       the real service's base URL, ending in /v1, without user:pass@
                       (env PETSTORE_UPSTREAM; required)
  -p, --port N         port to listen on; 0 picks a free one (env PORT, default 4020)
      --host H         address to bind (default 127.0.0.1)
      --allowed-host H serve Host name H besides IP addresses and localhost; repeat
      --spec FILE      judge against this OpenAPI document (default: the packaged one)
      --timeout MS     how long the upstream may take to send its whole answer (default 30000)
      --max-buffer-mib N what all exchanges in flight may hold together, in MiB (default 64,
                       4-4096); past it a request gets 503 with Retry-After
      --journal-size N exchanges kept for /__mock/requests, .har and coverage (default 500, at most 2000)
  -q, --quiet          no per-request log lines
  -h, --help           this text

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
 * Runs the proxy until it is stopped; resolves the exit status of a usage error (2) or never.
 *
 * @example
 * await runProxyCli(['--upstream', 'https://staging.example.com/v1'])
 */
export async function runProxyCli(argv: readonly string[]): Promise<number> {
  let values: ReturnType<typeof parse>
  try {
    values = parse(argv)
  } catch (error) {
    return usageError((error as Error).message)
  }
  if (values.help) {
    say(PROXY_USAGE)
    return 0
  }
  let upstream: URL
  let port: number, timeoutMs: number, journalSize: number, bufferMiB: number
  try {
    // Its message never quotes the URL: a refused one may hold a password.
    upstream = upstreamUrl(values.upstream ?? process.env.PETSTORE_UPSTREAM ?? '')
    const portSetting = settingText('port', values.port, process.env, 'PORT', '4020')
    port = integerIn(portSetting.name, portSetting.text, 0, 65535)
    // Node's timers hold at most 2^31 - 1 ms; a longer one would fire at once.
    timeoutMs = integerIn('timeout', values.timeout ?? '30000', 1, 2 ** 31 - 1)
    journalSize = integerIn('journal-size', values['journal-size'] ?? '500', 1, 2_000)
    const defaultMiB = String(DEFAULT_BUFFERED_BYTES / 1_048_576)
    bufferMiB = integerIn('max-buffer-mib', values['max-buffer-mib'] ?? defaultMiB, 4, 4_096)
  } catch (error) {
    return usageError((error as Error).message)
  }
  let spec = defaultSpec()
  if (values.spec) {
    try {
      // Where the user typed it, also under `npm run proxy`, which moves to the clone's root.
      spec = compileSpec(await loadSpec(whereTyped(values.spec)))
    } catch (error) {
      sayError(`petstore-mock proxy: --spec ${values.spec}: ${(error as Error).message}`)
      return 2
    }
  }
  const proxy = createProxy({
    upstream: upstream.href,
    spec,
    timeoutMs,
    journalSize,
    maxBufferedBytes: bufferMiB * 1_048_576,
    allowedHosts: values['allowed-host'] ?? [],
    ...(values.quiet ? {} : { log: (line: string) => say(line) }),
  })
  const host = values.host ?? '127.0.0.1'
  const listened = await new Promise<Error | undefined>((resolve) => {
    proxy.server.once('error', resolve)
    proxy.server.listen(port, host, () => {
      proxy.server.off('error', resolve)
      resolve(undefined)
    })
  })
  // A busy port or an address not on this machine: one line, exit 2, as the mock does.
  if (listened) {
    sayError(`petstore-mock proxy: cannot listen on ${host}:${port}: ${listened.message}`)
    return 2
  }
  const address = proxy.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`
  // Set before the startup line, so a stop sent as soon as it shows is a clean one.
  const stop = () => {
    proxy.server.close(() => process.exit(0))
    // Kept-alive connections would hold the close open; nothing in flight is worth more than the stop.
    proxy.server.closeAllConnections()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  // The full base URL the app points at: the proxy's origin and the upstream's base path.
  say(
    `petstore-mock proxy listening on ${origin}${upstream.pathname === '/' ? '' : upstream.pathname}, forwarding to ${upstream.href}; violations at ${origin}/__mock/`,
  )
  return new Promise<number>(() => undefined)
}

/** The options the proxy's parser accepts (its --help names each). */
export const PROXY_CLI_OPTIONS = {
  upstream: { type: 'string' },
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  spec: { type: 'string' },
  timeout: { type: 'string' },
  'journal-size': { type: 'string' },
  'max-buffer-mib': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const

/** A bad command line: one line on stderr, exit 2 (`--help` has the rest). */
function usageError(message: string): number {
  sayError(`petstore-mock proxy: ${message} (petstore-mock proxy --help lists every option)`)
  return 2
}

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], strict: true, options: PROXY_CLI_OPTIONS }).values
}
