// `petstore-mock proxy --upstream URL`: the validating proxy from the command line (bin/petstore-mock.ts
// sends the `proxy` subcommand here). Loopback by default, like the mock.
import { parseArgs } from 'node:util'
import { say, sayError } from '../kit/text/say.ts'
import { loadSpec } from '../spec/loadSpec.ts'
import { compileSpec, defaultSpec } from '../spec/runtime.ts'
import { createProxy } from './createProxy.ts'

export const PROXY_USAGE = `Usage: petstore-mock proxy --upstream URL [options]

Forwards every request unchanged to the real service and checks each exchange against the spec and
the contract suite's interface model; violations go to the log line, an X-Petstore-Violations
header, the page at /__mock/ and GET /__mock/violations.

  --upstream URL       the real service's base URL, ending in /v1 (env PETSTORE_UPSTREAM; required)
  -p, --port N         port to listen on; 0 picks a free one (env PORT, default 4020)
      --host H         address to bind (default 127.0.0.1)
      --allowed-host H serve Host name H besides IP addresses and localhost; repeat
      --spec FILE      judge against this OpenAPI document (default: the packaged one)
      --timeout MS     how long the upstream may take to answer (default 30000)
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
    sayError(`petstore-mock proxy: ${(error as Error).message}\n\n${PROXY_USAGE}`)
    return 2
  }
  if (values.help) {
    say(PROXY_USAGE)
    return 0
  }
  const upstream = values.upstream ?? process.env.PETSTORE_UPSTREAM
  if (!upstream || !/^https?:\/\/[^/]+/.test(upstream)) {
    sayError(
      `petstore-mock proxy: --upstream must be an http(s) URL ending in the base path\n\n${PROXY_USAGE}`,
    )
    return 2
  }
  const port = Number(values.port ?? process.env.PORT ?? 4020)
  const timeoutMs = Number(values.timeout ?? 30_000)
  const journalSize = Number(values['journal-size'] ?? 500)
  if (
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65535 ||
    !Number.isInteger(timeoutMs) ||
    timeoutMs < 1 ||
    !Number.isInteger(journalSize) ||
    journalSize < 1 ||
    journalSize > 2_000
  ) {
    sayError(
      `petstore-mock proxy: --port must be 0-65535, --timeout a positive whole number and --journal-size 1-2000\n\n${PROXY_USAGE}`,
    )
    return 2
  }
  let spec = defaultSpec()
  if (values.spec) {
    try {
      spec = compileSpec(await loadSpec(values.spec))
    } catch (error) {
      sayError(`petstore-mock proxy: --spec ${values.spec}: ${(error as Error).message}`)
      return 2
    }
  }
  const proxy = createProxy({
    upstream,
    spec,
    timeoutMs,
    journalSize,
    allowedHosts: values['allowed-host'] ?? [],
    ...(values.quiet ? {} : { log: (line: string) => say(line) }),
  })
  const host = values.host ?? '127.0.0.1'
  await new Promise<void>((resolve) => proxy.server.listen(port, host, resolve))
  const address = proxy.server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  say(
    `petstore-mock proxy listening on http://${host}:${bound}, forwarding to ${upstream}; violations at http://${host}:${bound}/__mock/`,
  )
  const stop = () => proxy.server.close(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
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
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], strict: true, options: PROXY_CLI_OPTIONS }).values
}
