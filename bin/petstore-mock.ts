#!/usr/bin/env node
// The `petstore-mock` bin. It checks the Node version before importing the mock, so an old Node gets
// one line and exit 2, not a stack trace from deep inside a dependency.
import { exitIfNodeTooOld } from '../spec/packageInfo.ts'

exitIfNodeTooOld('petstore-mock')
if (process.argv[2] === 'proxy') {
  const { runProxyCli } = await import('../proxy/cli.ts')
  process.exitCode = await runProxyCli(process.argv.slice(3))
} else {
  const { runMockCli } = await import('../mocks/http/cli.ts')
  await runMockCli(process.argv.slice(2), 'petstore-mock')
}
