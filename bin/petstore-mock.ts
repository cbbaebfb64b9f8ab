#!/usr/bin/env node
// The `petstore-mock` bin. It checks the Node version before importing the mock, so an old Node gets
// one line and exit 2, not a stack trace from deep inside a dependency.
import nodeModule from 'node:module'
import { exitIfNodeTooOld } from '../spec/packageInfo.ts'

exitIfNodeTooOld('petstore-mock')
// Node's compile cache, on before the CLI's modules load (as `npm start`'s start.mjs does): from the
// second start on they come compiled (and, in a clone, type-stripped) from the cache, about halving
// start-up. The default import and `?.`: the old Node this bin must still talk to has no named export.
nodeModule.enableCompileCache?.()
if (process.argv[2] === 'proxy') {
  const { runProxyCli } = await import('../proxy/cli.ts')
  await runProxyCli(process.argv.slice(3))
} else {
  const { runMockCli } = await import('../mocks/http/cli.ts')
  await runMockCli(process.argv.slice(2), 'petstore-mock')
}
