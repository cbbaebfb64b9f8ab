// CI (`npm run contract:prism`, scripts/ci/againstPrism.ts): the contract suite against Prism, an independent
// reading of spec/openapi.yaml, in two ways:
//   1. `prism mock spec/openapi.yaml`: stateless, so checks needing state or real auth are skipped;
//   2. `prism proxy` in front of this project's HTTP mock, with --errors: Prism validates every
//      response the mock gives, and answers a violation with a 5xx that no_server_errors reports.
// Every server starts on a free port and is stopped by its PID, whatever happens.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { callRequest } from '../../contract-tests/http/callRequest.ts'
import { formatConsole } from '../../contract-tests/report/formatConsole.ts'
import { type RunOptions, runContract } from '../../contract-tests/running/runContract.ts'
import { defaultSpec } from '../../spec/runtime.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const prism = `${root}node_modules/@stoplight/prism-cli/dist/index.js`
const spec = `${root}spec/openapi.yaml`
const MOCK_KEY = 'contract-ci-key'
const { basePath, operations } = defaultSpec().vocabulary
/** listPets' target with no parameters: what a server answers once it is up. */
const collection = callRequest(operations, 'listPets').path
const children: ChildProcess[] = []

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function start(args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  children.push(child)
  return child
}

/** Polls until something answers HTTP at `url` (any status), for at most 30 s. */
async function waitForHttp(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`${child.spawnargs.join(' ')} exited with ${child.exitCode}`)
    const answered = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    )
    if (answered) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`nothing answered ${url} within 30 s`)
}

async function check(title: string, options: RunOptions): Promise<boolean> {
  const report = await runContract(options)
  console.log(`\n== ${title}\n${formatConsole(report)}`)
  return !report.failed
}

async function main(): Promise<boolean> {
  const mockPort = await freePort()
  const prismMock = start([prism, 'mock', spec, '-p', String(mockPort), '-h', '127.0.0.1', '-v', 'error'])
  await waitForHttp(`http://127.0.0.1:${mockPort}${collection}`, prismMock)
  // prism mock serves the paths without the servers' base path.
  const statelessOk = await check('prism mock (stateless)', {
    baseUrl: `http://127.0.0.1:${mockPort}`,
    apiKey: 'any-key',
    targetKind: 'prism-mock',
    timeoutMs: 5_000,
  })

  const ownPort = await freePort()
  const own = start([`${root}mocks/http/cli.ts`, '--port', String(ownPort), '--quiet', '--api-key', MOCK_KEY])
  await waitForHttp(`http://127.0.0.1:${ownPort}${basePath}${collection}`, own)
  const proxyPort = await freePort()
  // --validate-request=false: the mock, not Prism, must answer bad input (Prism would answer 422);
  // --errors: a response that breaks the spec becomes an error the suite sees.
  const proxy = start([
    prism,
    'proxy',
    spec,
    `http://127.0.0.1:${ownPort}${basePath}`,
    '-p',
    String(proxyPort),
    '-h',
    '127.0.0.1',
    '--errors',
    '--validate-request=false',
    '-v',
    'error',
  ])
  await waitForHttp(`http://127.0.0.1:${proxyPort}${collection}`, proxy)
  const proxyOk = await check('prism proxy --errors in front of the project mock (strict)', {
    baseUrl: `http://127.0.0.1:${proxyPort}`,
    apiKey: MOCK_KEY,
    targetKind: 'prism-proxy',
    strict: true,
    timeoutMs: 5_000,
  })
  return statelessOk && proxyOk
}

let ok = false
try {
  ok = await main()
} catch (error) {
  console.error(`contract against Prism: ${(error as Error).message}`)
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
}
process.exitCode = ok ? 0 : 1
