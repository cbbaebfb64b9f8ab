#!/usr/bin/env node
// `npm start`: the standalone HTTP mock of the Pet Store API.
import { readFile } from 'node:fs/promises'
import { defaultSpec, describeAjvErrors, type Pet } from '../../spec/runtime.ts'
import { DEFAULT_API_KEY, describeOperations } from '../core/createEngine.ts'
import { batchedLines } from './batchedLines.ts'
import { createHttpMock, listen } from './createHttpMock.ts'
import { isLoopbackHost } from './hostAllowed.ts'
import { type CliOptions, parseCliOptions, USAGE } from './parseCliOptions.ts'
import { openStateFile, type StateFile } from './stateFile.ts'

function fail(message: string): never {
  console.error(`petstore mock: ${message}`)
  process.exit(2)
}

let options: CliOptions
try {
  options = parseCliOptions(process.argv.slice(2), process.env)
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`)
}
if (options.help) {
  console.log(USAGE)
  process.exit(0)
}

// Compiled once, for the seed file and the server alike.
const spec = defaultSpec()

async function readSeed(path: string): Promise<Pet[]> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    fail(`cannot read the seed file ${path}: ${(error as Error).message}`)
  }
  const validate = spec.validators.schema('Pets')
  if (!validate(parsed))
    fail(`the seed file ${path} is not a Pets array: ${describeAjvErrors(validate.errors, 'seed')}`)
  return parsed as Pet[]
}

const seed = options.seedFile === undefined ? undefined : await readSeed(options.seedFile)
let state: StateFile | undefined
const mock = createHttpMock({
  spec,
  ...(options.apiKeys.length > 0 && { apiKeys: options.apiKeys }),
  ...(seed && { seed }),
  latencyMs: options.latencyMs,
  corsOrigins: options.corsOrigins,
  // The bound name is served too (an IP literal always is).
  allowedHosts: [...options.allowedHosts, options.host],
  sessions: { maxSessions: options.maxSessions, idleMs: options.sessionIdleMinutes * 60_000 },
  journalSize: options.journalSize,
  ...(!options.quiet && { log: batchedLines((text) => process.stdout.write(text)) }),
  ...(options.stateFile !== undefined && { onWrite: () => state?.changed() }),
})
if (options.stateFile !== undefined) {
  try {
    state = openStateFile(mock, {
      path: options.stateFile,
      validators: spec.validators,
      log: (line) => console.error(line),
    })
  } catch (error) {
    fail((error as Error).message)
  }
}
const baseUrl = await listen(mock, options.port, options.host).catch((error: Error) =>
  fail(`cannot listen: ${error.message}`),
)
// The default key is public and printed so a newcomer can copy it; a key passed in is never printed.
const key = options.apiKeys.length > 0 ? 'the key you passed' : `Authorization: Bearer ${DEFAULT_API_KEY}`
console.log(`Pet Store mock listening on ${baseUrl} (${mock.store.size} pets; ${key})`)
console.log(`Operations: ${describeOperations(mock.operations())}`)
if (!isLoopbackHost(options.host)) {
  // Beyond loopback, anyone who can reach this machine can read, add and reset pets with the key.
  console.error(
    `petstore mock: warning: listening on ${options.host}, reachable from other machines, not only this one; the key and /__mock/reset are open to anyone on the network. Use --host 127.0.0.1 unless you mean it.`,
  )
}

if (options.watch) {
  // Loaded only here: swagger-parser stays off the normal start-up path.
  const [{ watchSpec }, { SPEC_PATH }] = await Promise.all([
    import('./watchSpec.ts'),
    import('../../spec/index.ts'),
  ])
  const watcher = watchSpec({ path: SPEC_PATH, onSpec: mock.setSpec, log: (line) => console.log(line) })
  // The file may have changed since spec/generated was last written: serve what it says now.
  await watcher.reload()
  console.log(`Watching ${SPEC_PATH} for changes`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    state?.flush()
    mock.server.close()
    mock.server.closeAllConnections()
    process.exit(0)
  })
}
