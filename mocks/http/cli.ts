// The standalone HTTP mock of the Pet Store API as a command: `petstore-mock` (bin/petstore-mock.ts)
// and `npm start` (start.mjs) both call runMockCli with the name the user typed.
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { isLoopbackHost } from '../../kit/guard/hostAllowed.ts'
import { parseExactJson } from '../../kit/json/exactJson.ts'
import { type OptionValues, readOptions } from '../../kit/node/optionTable.ts'
import { plural } from '../../kit/text/plural.ts'
import { exitWith, say, sayError } from '../../kit/text/say.ts'
import { listenUntilStopped } from '../../serving/node/listenUntilStopped.ts'
import { readPackageInfo } from '../../spec/packageInfo.ts'
import type { Pet } from '../../spec/runtime.ts'
import { SPEC_PATH } from '../../spec/specPath.ts'
import { DEFAULT_API_KEY, describeOperations } from '../core/createEngine.ts'
import { validateExact } from '../core/validateExact.ts'
import type { MockSpec } from '../server/servedSpecAnswer.ts'
import { batchedLines } from './batchedLines.ts'
import { createHttpMock, packagedSpec } from './createHttpMock.ts'
import { MOCK_CLI_OPTIONS, mockUsage } from './mockCliOptions.ts'
import { StateFileError } from './openStateDatabase.ts'

/**
 * How often the request log writes at most under steady traffic: at a request a turn (a few
 * thousand a second) a write per line cost several microseconds of a request's CPU. A line after a
 * quiet spell still goes out at once.
 */
const LOG_EVERY_MS = 50

function fail(message: string): never {
  return exitWith(`petstore-mock: ${message}`)
}

/**
 * Runs the HTTP mock as a command: parses `argv`, starts listening, and stops (closing the state
 * file) on SIGINT or SIGTERM. Exits 2 with one message on bad settings.
 *
 * @example
 * await runMockCli(['--port', '0', '--spec', 'openapi.yaml'], 'petstore-mock')
 */
export async function runMockCli(argv: readonly string[], program: string): Promise<void> {
  let options: OptionValues<typeof MOCK_CLI_OPTIONS>
  try {
    options = readOptions(MOCK_CLI_OPTIONS, argv, process.env)
  } catch (error) {
    fail(`${(error as Error).message} (${program} --help lists every option)`)
  }
  if (options.help) return say(mockUsage(program))
  if (options.version) return say(readPackageInfo().version)

  // Compiled once, for the seed file and the server alike. A --spec file is validated like a watched edit.
  const specFile = options.spec
  const spec: MockSpec =
    specFile === undefined
      ? packagedSpec()
      : await import('./loadSpecFile.ts')
          .then(({ loadSpecFile }) => loadSpecFile(specFile, { allowRemoteRefs: options.allowRemoteRefs }))
          .catch((error: Error) => fail(`the spec ${specFile} cannot be served: ${error.message}`))

  async function readSeed(path: string): Promise<Pet[]> {
    const parsed = await readFile(path, 'utf8')
      .then(parseExactJson)
      .catch((error: Error) => fail(`cannot read the seed file ${path}: ${error.message}`))
    const checked = validateExact(parsed, spec.validators.schema('Pets'), 'seed')
    if (!checked.ok) fail(`the seed file ${path} is not a Pets array: ${checked.message}`)
    return checked.value as Pet[]
  }

  const seed = options.seed === undefined ? undefined : await readSeed(options.seed)
  if (options.stateFile !== undefined) {
    // `--state-file .state/pets.db` on a fresh clone: the folder is the mock's to make.
    try {
      mkdirSync(dirname(options.stateFile), { recursive: true })
    } catch (error) {
      fail(`cannot create the folder of the state file ${options.stateFile}: ${(error as Error).message}`)
    }
  }
  const log = options.quiet ? undefined : batchedLines((text) => process.stdout.write(text), LOG_EVERY_MS)
  if (log) process.once('exit', log.flush)
  let mock: ReturnType<typeof createHttpMock>
  try {
    mock = createHttpMock({
      spec,
      apiKeys: options.apiKey,
      ...(seed && { seed }),
      latencyMs: options.latency,
      corsOrigins: options.corsOrigin,
      // The bound name is served too (an IP literal always is).
      allowedHosts: [...options.allowedHost, options.host],
      sessions: {
        ...(options.maxSessions !== undefined && { maxSessions: options.maxSessions }),
        idleMs: options.sessionIdle * 60_000,
      },
      journalSize: options.journalSize,
      maxPets: options.maxPets,
      maxMemoryMiB: options.maxMemory,
      ...(log && { log }),
      ...(options.stateFile !== undefined && { stateFile: { path: options.stateFile, log: sayError } }),
    })
  } catch (error) {
    if (!(error instanceof StateFileError)) throw error
    fail(error.message)
  }
  if (options.watch) {
    // Loaded only here: swagger-parser stays off the normal start-up path.
    const { watchSpec } = await import('./watchSpec.ts')
    const path = specFile ?? SPEC_PATH
    const watcher = watchSpec({
      path,
      onSpec: mock.setSpec,
      log: say,
      allowRemoteRefs: options.allowRemoteRefs,
    })
    // Set up before listening, so the startup line means ready. The packaged file may have changed
    // since spec/generated was last written: serve what it says now.
    if (specFile === undefined) await watcher.reload()
    say(`Watching ${path} for changes`)
    // Installed from the registry, the packaged copy is not a file anyone edits.
    if (specFile === undefined && /[\\/]node_modules[\\/]/.test(path))
      say('That is the copy inside node_modules: pass --spec FILE to serve and watch your own copy.')
  }

  // A stop commits what is pending and folds the write-ahead log into the file before the exit.
  const origin = await listenUntilStopped(mock.server, 'petstore-mock', options, () => mock.state?.close())
  // The default key is public and printed so a newcomer can copy it; a key passed in is never printed.
  const passed = options.apiKey.length
  const key =
    passed === 0
      ? `Authorization: Bearer ${DEFAULT_API_KEY}`
      : passed === 1
        ? 'the key you passed'
        : `any of the ${plural(passed, 'key')} you passed`
  say(`Pet Store mock listening on ${origin}/v1 (${mock.store.size} pets; ${key})`)
  say(`Operations: ${describeOperations(mock.engine)}`)
  if (!isLoopbackHost(options.host)) {
    // Beyond loopback, anyone who can reach this machine can read, add and reset pets with the key.
    sayError(
      `petstore-mock: warning: listening on ${options.host}, reachable from other machines, not only this one; the key and /__mock/reset are open to anyone on the network. Use --host 127.0.0.1 unless you mean it.`,
    )
  }
}

if (import.meta.main) await runMockCli(process.argv.slice(2), 'node mocks/http/cli.ts')
